import {
  ADMIN_ROLES,
  errorResponses,
  messageResponseSchema,
  statusChangeSchema,
  userListQuerySchema,
  userListResponseSchema,
} from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { currentUser } from "../../plugins/access.js";
import { createUserService } from "./user-service.js";

const tags = ["User"];
const errors = errorResponses;

export function registerUserRoutes(app: FastifyInstance, db: Db) {
  const service = createUserService(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/v1/User/list",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de usuarios",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  r.put(
    "/api/v1/User/status",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o desactivar un usuario",
        body: statusChangeSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.setStatus(currentUser(request), request.body.id, request.body.status);
      return { message: "Estado actualizado" };
    },
  );
}
