import * as contract from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { registerCatalogRoutes } from "../../lib/admin-routes.js";
import type { BranchOfficeService } from "./branch-office-service.js";

export function registerBranchOfficeRoutes(app: FastifyInstance, service: BranchOfficeService) {
  registerCatalogRoutes(app, ["BranchOffice"], API.branchOffice, service, {
    create: ["Crear una sucursal", contract.branchOfficeCreateSchema],
    update: ["Editar una sucursal", contract.branchOfficeUpdateSchema],
    list: [
      "Listar sucursales (paginado, búsqueda y rango de fechas de creación)",
      contract.branchOfficeListQuerySchema,
      contract.branchOfficeListResponseSchema,
    ],
    status: "Activar o inactivar una sucursal",
    names: "Nombres de las sucursales activas",
  });
}
