import {
  branchOfficeCreateSchema,
  branchOfficeListQuerySchema,
  branchOfficeListResponseSchema,
  branchOfficeUpdateSchema,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { adminRoutes } from "../../lib/admin-routes.js";
import type { BranchOfficeService } from "./branch-office-service.js";

export function registerBranchOfficeRoutes(app: FastifyInstance, service: BranchOfficeService) {
  const routes = adminRoutes(app, ["BranchOffice"]);
  const { branchOffice } = API;
  routes.create(branchOffice.create, "Crear una sucursal", branchOfficeCreateSchema, service.create);
  routes.update(branchOffice.update, "Editar una sucursal", branchOfficeUpdateSchema, service.update);
  routes.list(
    branchOffice.list,
    "Listar sucursales (paginado, búsqueda y rango de fechas de creación)",
    branchOfficeListQuerySchema,
    branchOfficeListResponseSchema,
    service.list,
  );
  routes.status(branchOffice.status, "Activar o inactivar una sucursal", service.setStatus);
  routes.names(branchOffice.listName, "Nombres de las sucursales activas", service.listNames);
}
