import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { registerDriverRoutes } from "./drivers/driver-routes.js";
import { registerEmployeeRoutes } from "./employees/employee-routes.js";
import { registerProfileImageRoutes } from "./profile-images/profile-image-routes.js";
import { registerUserRoutes } from "./users/user-routes.js";

/** Registers this group of master-data modules: employees, drivers, users and profile images. */
export function registerPeopleRoutes(app: FastifyInstance, db: Db) {
  registerEmployeeRoutes(app, db);
  registerDriverRoutes(app, db);
  registerUserRoutes(app, db);
  registerProfileImageRoutes(app, db);
}
