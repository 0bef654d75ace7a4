import {
  EMPLOYEE_ROLES,
  errorResponses,
  messageResponseSchema,
  PUSH_MESSAGES,
  pushPublicKeyResponseSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { PushRepository } from "./push-repository.js";

const tags = ["Push"];
const errors = errorResponses;

/**
 * Treiber App's «Avisos de mi bus» (issue 25): the phone's Web Push subscription. For the users
 * with an employee record (riders); a driver is never told about a bus as a rider (403).
 */
export function registerPushRoutes(app: FastifyInstance, repository: PushRepository, publicKey: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.push.publicKey),
    {
      config: { access: EMPLOYEE_ROLES },
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
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "Activar los avisos de mi bus en este teléfono (suscripción Web Push)",
        body: pushSubscriptionSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { endpoint, keys } = request.body;
      await repository.save(currentUser(request).id, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
      return { message: PUSH_MESSAGES.subscribed };
    },
  );

  r.delete(
    routePath(API.push.unsubscribe),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "Desactivar los avisos de mi bus en este teléfono",
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
