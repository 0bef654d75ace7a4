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
  SUPPLIER_PORTAL_ROLES,
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
import { createSupplierScope } from "../supplier-portal/supplier-scope.js";
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
  // A supplier's user reads its own drivers (and their vehicles) only (decision 0077).
  const scope = createSupplierScope(db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  const routes = adminRoutes(app, tags);
  r.get(
    routePath(API.driver.list),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de choferes (búsqueda, rango de fechas de creación y orden)",
        description: "Un usuario de suplidor ve solo los choferes de su suplidor.",
        querystring: driverListQuerySchema,
        response: { 200: driverListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(request.query, request.clock, await scope.of(request)),
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
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: "Nombres de choferes activos",
        description: "Un usuario de suplidor ve solo los de su suplidor.",
        response: { 200: z.array(driverNameItemSchema), ...errors },
      },
    },
    async (request) => service.listNames(await scope.of(request)),
  );

  r.get(
    routePath(API.driver.withSupplierList),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: "Choferes con su suplidor (primera opción 'Todas')",
        description: "Un usuario de suplidor ve solo los de su suplidor.",
        response: { 200: z.array(driverWithSupplierItemSchema), ...errors },
      },
    },
    async (request) => service.listWithSupplier(await scope.of(request)),
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
