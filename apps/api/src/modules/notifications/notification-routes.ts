import {
  ADMIN_ROLES,
  errorResponses,
  idSchema,
  messageResponseSchema,
  type Notification,
  type NotificationListItem,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
} from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { optionalLocalDayRange } from "../../lib/caller-time.js";
import { notFound } from "../../lib/http-error.js";
import { currentUser } from "../../plugins/access.js";
import { createNotificationRepository } from "./notification-repository.js";

const tags = ["Notification"];
const errors = errorResponses;

export function registerNotificationRoutes(app: FastifyInstance, db: Db) {
  const repo = createNotificationRepository(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/v1/Notification",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Notificaciones no leídas del usuario",
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await repo.unread(currentUser(request).id);
      return rows.map(
        (row): Notification => ({
          id: row.id,
          title: row.title,
          message: row.message,
          tag: row.tag as Notification["tag"],
          createdDate: row.createdAt.toISOString(),
          messageJson: row.messageJson,
        }),
      );
    },
  );

  r.put(
    "/api/v1/Notification/markAsRead/:id",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Marcar una notificación como leída",
        params: z.object({ id: idSchema }),
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!(await repo.markAsRead(currentUser(request).id, request.params.id))) {
        throw notFound("Notificación no encontrada");
      }
      return { message: "Notificación marcada como leída" };
    },
  );

  r.put(
    "/api/v1/Notification/markAsReadAll",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Marcar todas como leídas",
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await repo.markAllAsRead(currentUser(request).id);
      return { message: "Notificaciones marcadas como leídas" };
    },
  );

  r.get(
    "/api/v1/Notification/list",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Notificaciones del usuario (leídas o no), paginadas (amount 10 por defecto); tag y sinceDate/untilDate MM/DD/YYYY opcionales",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { sinceDate, untilDate, ...query } = request.query;
      const range = optionalLocalDayRange({ sinceDate, untilDate }, request.gmtOffset);
      const { amount, rows } = await repo.list(currentUser(request).id, { ...query, range });
      return {
        amount,
        data: rows.map(
          (row): NotificationListItem => ({
            id: row.id,
            title: row.title,
            message: row.message,
            tag: row.tag as NotificationListItem["tag"],
            createdDate: row.createdAt.toISOString(),
            messageJson: row.messageJson,
            readDate: row.readAt?.toISOString() ?? null,
          }),
        ),
      };
    },
  );
}
