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
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { currentUser } from "../../plugins/access.js";
import type { AccountRights } from "../accounts/account-rights.js";
import { registerStatusRoute } from "../accounts/status-route.js";
import { createDriverService } from "./driver-service.js";

const tags = ["Driver"];
const errors = errorResponses;

export function registerDriverRoutes(app: FastifyInstance, db: Db, rights: AccountRights) {
  const service = createDriverService(db, rights);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/api/v1/Driver/list",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de choferes (búsqueda, rango de fechas de creación y orden)",
        querystring: driverListQuerySchema,
        response: { 200: driverListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  registerStatusRoute(app, {
    path: "/api/v1/Driver/status",
    tags,
    summary: "Activar o desactivar un chofer (su usuario)",
    setStatus: service.setStatus,
  });

  r.put(
    "/api/v1/driver",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar un chofer",
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
    "/api/v1/Driver/listName",
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
    "/api/v1/Driver/withSupplier/list",
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
    "/api/v1/Driver/codeQr/:codeQrId",
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
    "/api/v1/Driver/Profile",
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
