import {
  ADMIN_ROLES,
  branchOfficeCreateSchema,
  branchOfficeListQuerySchema,
  branchOfficeListResponseSchema,
  branchOfficeUpdateSchema,
  catalogIdResponseSchema,
  catalogNameItemSchema,
  errorResponses,
  statusChangeSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { BranchOfficeService } from "./branch-office-service.js";

const tags = ["BranchOffice"];
const errors = errorResponses;

export function registerBranchOfficeRoutes(app: FastifyInstance, service: BranchOfficeService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.branchOffice.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear una sucursal",
        body: branchOfficeCreateSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => service.create(request.body),
  );

  r.put(
    routePath(API.branchOffice.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar una sucursal",
        body: branchOfficeUpdateSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => {
      const { id, ...values } = request.body;
      return service.update(id, values);
    },
  );

  r.get(
    routePath(API.branchOffice.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Listar sucursales (paginado, búsqueda y rango de fechas de creación)",
        querystring: branchOfficeListQuerySchema,
        response: { 200: branchOfficeListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  r.put(
    routePath(API.branchOffice.status),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o inactivar una sucursal",
        body: statusChangeSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => service.setStatus(request.body.id, request.body.status),
  );

  r.get(
    routePath(API.branchOffice.listName),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Nombres de las sucursales activas",
        response: { 200: z.array(catalogNameItemSchema), ...errors },
      },
    },
    () => service.listNames(),
  );
}
