import {
  EMPLOYEE_ROLES,
  errorResponses,
  messageResponseSchema,
  PUSH_MESSAGES,
  pushPublicKeyResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type Role,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { conflict } from "../../lib/http-error.js";
import { currentUser } from "../../plugins/access.js";
import type { PushRepository } from "./push-repository.js";

const tags = ["Push"];
const errors = errorResponses;
/** Riders (users with an employee record) and drivers: everyone with Treiber App on a phone. */
const PHONE_ROLES: readonly Role[] = [...EMPLOYEE_ROLES, "Driver"];

/**
 * Treiber App's «Avisos de mi bus» (issue 25): the phone's Web Push subscription. For the users
 * with an employee record (riders) and for drivers, who are told by it when a plan changes their
 * routes (decision 0067); rider alerts go only to riders' users. A
 * subscription is its user's (issue 32): another user posting its endpoint gets 409, and deleting
 * it answers as for an unknown endpoint (200, nothing touched): the phone may drop a subscription
 * the server already forgot (a 410, or beyond the newest five) and still turn its alerts off.
 */
export function registerPushRoutes(app: FastifyInstance, repository: PushRepository, publicKey: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.push.publicKey),
    {
      config: { access: PHONE_ROLES },
      schema: {
        tags,
        summary: "Clave pública VAPID para suscribirse a los avisos",
        response: { 200: pushPublicKeyResponseSchema, ...errors },
      },
    },
    () => ({ publicKey }),
  );

  r.post(
    routePath(API.push.subscribe),
    {
      config: { access: PHONE_ROLES },
      schema: {
        tags,
        summary:
          "Activar los avisos de mi bus en este teléfono (suscripción Web Push a un servicio push público; 409 si la suscripción es de otra cuenta)",
        body: pushSubscriptionSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      const saved = await repository.save(currentUser(request).id, {
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
      });
      if (!saved) throw conflict(PUSH_MESSAGES.taken);
      return { message: PUSH_MESSAGES.subscribed };
    },
  );

  r.delete(
    routePath(API.push.unsubscribe),
    {
      config: { access: PHONE_ROLES },
      schema: {
        tags,
        summary: "Desactivar los avisos de mi bus en este teléfono (solo una suscripción propia)",
        body: pushUnsubscribeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repository.remove(currentUser(request).id, request.body.endpoint);
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  );
}
