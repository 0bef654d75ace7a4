import * as contract from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { registerCatalogRoutes } from "../../lib/admin-routes.js";
import type { SupplierService } from "./supplier-service.js";

export function registerSupplierRoutes(app: FastifyInstance, service: SupplierService) {
  registerCatalogRoutes(app, ["Supplier"], API.supplier, service, {
    create: ["Crear un suplidor", contract.supplierCreateSchema],
    update: ["Editar un suplidor", contract.supplierUpdateSchema],
    list: [
      "Listar suplidores (paginado, búsqueda, rango de fechas de creación y orden)",
      contract.supplierListQuerySchema,
      contract.supplierListResponseSchema,
    ],
    status: "Activar o inactivar un suplidor",
    names: "Nombres de los suplidores activos",
  });
}
