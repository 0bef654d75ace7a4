import {
  ADMIN_ROLES,
  codeQrResponseSchema,
  driverCodeQrParamsSchema,
  driverListQuerySchema,
  driverListResponseSchema,
  driverNameItemSchema,
  driverProfileSchema,
  driverUpdateRequestSchema,
  driverWithSupplierItemSchema,
  errorResponses,
  messageResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { adminRoutes } from "../../lib/admin-routes.js";
import type { Mailer } from "../../mail/mailer.js";
import { currentUser } from "../../plugins/access.js";
import type { AccountRights } from "../accounts/account-rights.js";
import type { SeatsDeps } from "../routes/routes-service.js";
import { createDriverService } from "./driver-service.js";

const tags = ["Driver"];
const errors = errorResponses;

export function registerDriverRoutes(
  app: FastifyInstance,
  db: Db,
  rights: AccountRights,
  mailer: Mailer,
  seats?: SeatsDeps,
) {
  const service = createDriverService(db, rights, mailer, seats);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const routes = adminRoutes(app, tags);
  routes.list(
    API.driver.list,
    "Lista paginada de choferes (búsqueda, rango de fechas de creación y orden)",
    driverListQuerySchema,
    driverListResponseSchema,
    service.list,
  );
  routes.statusMessage(
    API.driver.status,
    "Activar o desactivar un chofer (su usuario)",
    (id, status, request) => service.setStatus(currentUser(request), id, status),
  );

  r.put(
    routePath(API.driver.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar un chofer",
        description:
          "Si se envía `email`, el correo de inicio de sesión: uno nuevo cierra todas sus sesiones y avisa al correo anterior.",
        body: driverUpdateRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.update(request.body);
      return { message: "Chofer actualizado" };
    },
  );

  r.get(
    routePath(API.driver.listName),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Nombres de choferes activos",
        response: { 200: z.array(driverNameItemSchema), ...errors },
      },
    },
    () => service.listNames(),
  );

  r.get(
    routePath(API.driver.withSupplierList),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Choferes con su suplidor (primera opción 'Todas')",
        response: { 200: z.array(driverWithSupplierItemSchema), ...errors },
      },
    },
    () => service.listWithSupplier(),
  );

  r.put(
    routePath(API.driver.codeQr),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Regenerar el código QR de un chofer (codeQrId = id del chofer)",
        params: driverCodeQrParamsSchema,
        response: { 200: codeQrResponseSchema, ...errors },
      },
    },
    (request) => service.regenerateCodeQr(request.params.codeQrId),
  );

  r.get(
    routePath(API.driver.profile),
    {
      config: { access: ["Driver"], duringPasswordChange: true },
      schema: {
        tags,
        summary: "Perfil propio del chofer",
        response: { 200: driverProfileSchema, ...errors },
      },
    },
    (request) => service.profile(currentUser(request).id),
  );
}
