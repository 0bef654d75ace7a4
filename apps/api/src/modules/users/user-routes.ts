import { ADMIN_ROLES, errorResponses, userListQuerySchema, userListResponseSchema } from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import type { AccountRights } from "../accounts/account-rights.js";
import { registerStatusRoute } from "../accounts/status-route.js";
import { createUserService } from "./user-service.js";

const tags = ["User"];
const errors = errorResponses;

export function registerUserRoutes(app: FastifyInstance, db: Db, rights: AccountRights) {
  const service = createUserService(db, rights);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.user.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de usuarios (búsqueda, rango de fechas de creación y orden)",
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  registerStatusRoute(app, {
    path: routePath(API.user.status),
    tags,
    summary: "Activar o desactivar un usuario",
    setStatus: service.setStatus,
  });
}
