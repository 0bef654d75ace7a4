import {
  ADMIN_ROLES,
  catalogIdResponseSchema,
  catalogNameItemSchema,
  errorResponses,
  statusChangeSchema,
  supplierCreateSchema,
  supplierListQuerySchema,
  supplierListResponseSchema,
  supplierUpdateSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { SupplierService } from "./supplier-service.js";

const tags = ["Supplier"];
const errors = errorResponses;

export function registerSupplierRoutes(app: FastifyInstance, service: SupplierService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.supplier.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Crear un suplidor",
        body: supplierCreateSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => service.create(request.body),
  );

  r.put(
    routePath(API.supplier.update),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Editar un suplidor",
        body: supplierUpdateSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => {
      const { id, ...values } = request.body;
      return service.update(id, values);
    },
  );

  r.get(
    routePath(API.supplier.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Listar suplidores (paginado, búsqueda, rango de fechas de creación y orden)",
        querystring: supplierListQuerySchema,
        response: { 200: supplierListResponseSchema, ...errors },
      },
    },
    (request) => service.list(request.query, request.clock),
  );

  r.put(
    routePath(API.supplier.status),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Activar o inactivar un suplidor",
        body: statusChangeSchema,
        response: { 200: catalogIdResponseSchema, ...errors },
      },
    },
    (request) => service.setStatus(request.body.id, request.body.status),
  );

  r.get(
    routePath(API.supplier.listName),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Nombres de los suplidores activos",
        response: { 200: z.array(catalogNameItemSchema), ...errors },
      },
    },
    () => service.listNames(),
  );
}
