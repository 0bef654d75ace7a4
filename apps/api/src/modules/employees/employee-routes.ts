import {
  ADMIN_ROLES,
  codeQrResponseSchema,
  employeeCodeQrRequestSchema,
  employeeListQuerySchema,
  employeeListResponseSchema,
  employeeLocationItemSchema,
  employeeLocationRequestSchema,
  employeeProfileSchema,
  employeeProfileUpdateSchema,
  employeeSearchItemSchema,
  employeeUpdateRequestSchema,
  errorResponses,
  messageResponseSchema,
  type Role,
  searchQuerySchema,
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
import { createEmployeeService } from "./employee-service.js";

const tags = ["Employee"];
const errors = errorResponses;
const PROFILE_ROLES: readonly Role[] = ["SuperAdmin", "Admin", "Collaborator"];

export function registerEmployeeRoutes(app: FastifyInstance, db: Db, rights: AccountRights, mailer: Mailer) {
  const service = createEmployeeService(db, rights, mailer);
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [path, collaboratorsOnly] of [
    [routePath(API.employee.search), false],
    [routePath(API.employee.searchCollaborators), true],
  ] as const) {
    r.get(
      path,
      {
        config: { access: ADMIN_ROLES },
        schema: {
          tags,
          summary: collaboratorsOnly ? "Buscar colaboradores" : "Buscar empleados",
          querystring: searchQuerySchema,
          response: { 200: z.array(employeeSearchItemSchema), ...errors },
        },
      },
      (request) => service.search(request.query.criterion, collaboratorsOnly),
    );
  }

  r.get(
    routePath(API.employee.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Lista paginada de colaboradores",
        querystring: employeeListQuerySchema,
        response: { 200: employeeListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  r.put(
    routePath(API.employee.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar un colaborador",
        description:
          "Datos de empleado y, si se envía `email`, el correo de inicio de sesión: uno nuevo cierra todas sus sesiones y avisa al correo anterior. El rol se cambia con su propia llamada.",
        body: employeeUpdateRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.update(currentUser(request), request.body);
      return { message: "Colaborador actualizado" };
    },
  );

  adminRoutes(app, tags).statusMessage(
    API.employee.status,
    "Activar o desactivar un colaborador (su usuario)",
    (id, status, request) => service.setStatus(currentUser(request), id, status),
  );

  r.put(
    routePath(API.employee.codeQr),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Regenerar el código QR de un colaborador",
        description: "El de un Admin o SuperAdmin, solo un SuperAdmin (o el propio usuario); si no, 403.",
        body: employeeCodeQrRequestSchema,
        response: { 200: codeQrResponseSchema, ...errors },
      },
    },
    (request) => service.regenerateCodeQr(currentUser(request), request.body.employeeId),
  );

  for (const [method, path, summary, message] of [
    [
      "PUT",
      routePath(API.employee.updateLocation),
      "Actualizar la ubicación de residencia",
      "Ubicación actualizada",
    ],
    ["POST", routePath(API.employee.addLocation), "Agregar la ubicación de residencia", "Ubicación agregada"],
  ] as const) {
    r.route({
      method,
      url: path,
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary,
        description: "La de un Admin o SuperAdmin, solo un SuperAdmin (o el propio usuario); si no, 403.",
        body: employeeLocationRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      handler: async (request) => {
        await service.setLocation(currentUser(request), request.body);
        return { message };
      },
    });
  }

  r.get(
    routePath(API.employee.locationInfo),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Colaboradores activos con ubicación",
        response: { 200: z.array(employeeLocationItemSchema), ...errors },
      },
    },
    () => service.listLocations(),
  );

  r.get(
    routePath(API.employee.profile),
    {
      config: { access: PROFILE_ROLES, duringPasswordChange: true },
      schema: { tags, summary: "Perfil propio", response: { 200: employeeProfileSchema, ...errors } },
    },
    (request) => service.profile(currentUser(request).id),
  );

  r.put(
    routePath(API.employee.updateProfile),
    {
      config: { access: PROFILE_ROLES },
      schema: {
        tags,
        summary: "Editar el perfil propio",
        body: employeeProfileUpdateSchema,
        response: { 200: employeeProfileSchema, ...errors },
      },
    },
    (request) => service.updateProfile(currentUser(request).id, request.body),
  );
}
