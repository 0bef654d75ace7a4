import {
  supplierCreateSchema,
  supplierListQuerySchema,
  supplierListResponseSchema,
  supplierUpdateSchema,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { adminRoutes } from "../../lib/admin-routes.js";
import type { SupplierService } from "./supplier-service.js";

export function registerSupplierRoutes(app: FastifyInstance, service: SupplierService) {
  const routes = adminRoutes(app, ["Supplier"]);
  const { supplier } = API;
  routes.create(supplier.create, "Crear un suplidor", supplierCreateSchema, service.create);
  routes.update(supplier.update, "Editar un suplidor", supplierUpdateSchema, service.update);
  routes.list(
    supplier.list,
    "Listar suplidores (paginado, búsqueda, rango de fechas de creación y orden)",
    supplierListQuerySchema,
    supplierListResponseSchema,
    service.list,
  );
  routes.status(supplier.status, "Activar o inactivar un suplidor", service.setStatus);
  routes.names(supplier.listName, "Nombres de los suplidores activos", service.listNames);
}
