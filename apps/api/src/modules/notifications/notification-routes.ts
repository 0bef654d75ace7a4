import {
  errorResponses,
  idSchema,
  messageResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { currentUser } from "../../plugins/access.js";
import { createNotificationService } from "./notification-service.js";

const tags = ["Notification"];
const errors = errorResponses;
/**
 * Every signed-in role: each call reads or marks only the caller's own notifications (the user id of
 * the session, never a parameter). Admins get the bell's; a collaborator or driver, their «Avisos»
 * in Treiber App (issue 33: a rider whose route changed).
 */
const OWN_NOTICES = "authenticated";

export function registerNotificationRoutes(app: FastifyInstance, db: Db) {
  const service = createNotificationService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.notification.unread),
    {
      config: { access: OWN_NOTICES },
      schema: {
        tags,
        summary: "Notificaciones no leídas del usuario que llama (solo las suyas)",
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    (request) => service.unread(currentUser(request).id),
  );

  r.put(
    routePath(API.notification.markAsRead),
    {
      config: { access: OWN_NOTICES },
      schema: {
        tags,
        summary: "Marcar una notificación como leída",
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.markAsRead(currentUser(request).id, request.params.id);
      return { message: "Notificación marcada como leída" };
    },
  );

  r.put(
    routePath(API.notification.markAsReadAll),
    {
      config: { access: OWN_NOTICES },
      schema: {
        tags,
        summary: "Marcar todas como leídas",
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.markAllAsRead(currentUser(request).id);
      return { message: "Notificaciones marcadas como leídas" };
    },
  );

  r.get(
    routePath(API.notification.list),
    {
      config: { access: OWN_NOTICES },
      schema: {
        tags,
        summary:
          "Notificaciones del usuario que llama, solo las suyas (leídas o no), paginadas (amount 10 por defecto); tag y sinceDate/untilDate MM/DD/YYYY opcionales",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    (request) => service.list(currentUser(request).id, request.query, request.clock),
  );
}
