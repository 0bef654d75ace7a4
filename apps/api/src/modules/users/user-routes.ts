import { userListQuerySchema, userListResponseSchema } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { adminRoutes } from "../../lib/admin-routes.js";
import { currentUser } from "../../plugins/access.js";
import type { AccountRights } from "../accounts/account-rights.js";
import { createUserService } from "./user-service.js";

export function registerUserRoutes(app: FastifyInstance, db: Db, rights: AccountRights) {
  const service = createUserService(db, rights);
  const routes = adminRoutes(app, ["User"]);
  routes.list(
    API.user.list,
    "Lista paginada de usuarios (búsqueda, rango de fechas de creación y orden)",
    userListQuerySchema,
    userListResponseSchema,
    service.list,
  );
  routes.statusMessage(API.user.status, "Activar o desactivar un usuario", (id, status, request) =>
    service.setStatus(currentUser(request), id, status),
  );
}
