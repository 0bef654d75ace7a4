import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { registerBranchOfficeRoutes } from "./branch-offices/branch-office-routes.js";
import { createBranchOfficeService } from "./branch-offices/branch-office-service.js";
import { registerDayRoutes } from "./days/day-routes.js";
import { registerDestinationRoutes } from "./destinations/destination-routes.js";
import { createDestinationService } from "./destinations/destination-service.js";
import { registerSupplierRoutes } from "./suppliers/supplier-routes.js";
import { createSupplierService } from "./suppliers/supplier-service.js";

/** Registers this group of master-data modules. */
export function registerCatalogRoutes(app: FastifyInstance, db: Db) {
  registerBranchOfficeRoutes(app, createBranchOfficeService(db));
  registerSupplierRoutes(app, createSupplierService(db));
  registerDestinationRoutes(app, createDestinationService(db));
  registerDayRoutes(app, db);
}
