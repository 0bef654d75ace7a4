import * as contract from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminRoutes } from "../../lib/admin-routes.js";
import type { SupplierScope } from "../supplier-portal/supplier-scope.js";
import type { SupplierService } from "./supplier-service.js";

const tags = ["Supplier"];

/**
 * The supplier catalog. Create and update answer the id and how many planned routes at $0 the rate
 * just priced (`pricedRoutes`, decision 0061).
 */
export function registerSupplierRoutes(app: FastifyInstance, service: SupplierService, scope: SupplierScope) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const rated =
    " (con tarifa: pone su costo a las rutas planificadas en $0 de sus choferes; `pricedRoutes` dice cuántas)";
  const response = { 200: contract.supplierSavedResponseSchema, ...contract.errorResponses };
  const config = { access: contract.ADMIN_ROLES };
  r.post(
    routePath(API.supplier.create),
    {
      config,
      schema: { tags, summary: `Crear un suplidor${rated}`, body: contract.supplierCreateSchema, response },
    },
    (request) => service.create(request.body),
  );
  r.put(
    routePath(API.supplier.update),
    {
      config,
      schema: { tags, summary: `Editar un suplidor${rated}`, body: contract.supplierUpdateSchema, response },
    },
    (request) => {
      const { id, ...values } = request.body;
      return service.update(id, values);
    },
  );

  const routes = adminRoutes(app, tags);
  routes.list(
    API.supplier.list,
    "Listar suplidores (paginado, búsqueda, rango de fechas de creación y orden)",
    contract.supplierListQuerySchema,
    contract.supplierListResponseSchema,
    service.list,
  );
  routes.status(API.supplier.status, "Activar o inactivar un suplidor", service.setStatus);
  r.get(
    routePath(API.supplier.listName),
    {
      config: { access: contract.SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: "Nombres de los suplidores activos",
        description: "Un usuario de suplidor recibe solo el suyo (decisión 0077).",
        response: { 200: z.array(contract.catalogNameItemSchema), ...contract.errorResponses },
      },
    },
    async (request) => service.listNames(await scope.of(request)),
  );
}
