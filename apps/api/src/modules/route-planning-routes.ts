import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client.js";
import { createNotifier } from "./notifications/notification-service.js";
import { registerRouteAssignmentRoutes } from "./route-assignments/route-assignments-routes.js";
import { createRouteAssignmentsService } from "./route-assignments/route-assignments-service.js";
import { registerRoutesRoutes } from "./routes/routes-routes.js";
import { createRoutesService } from "./routes/routes-service.js";
import { registerRoutesNotScheduledRoutes } from "./routes-not-scheduled/routes-not-scheduled-routes.js";
import { createRoutesNotScheduledService } from "./routes-not-scheduled/routes-not-scheduled-service.js";

/** Registers this group of master-data modules: routes, route assignments, unscheduled routes. */
export function registerRoutePlanningRoutes(app: FastifyInstance, db: Db) {
  registerRoutesRoutes(app, createRoutesService(db));
  registerRouteAssignmentRoutes(app, createRouteAssignmentsService(db, createNotifier(app.realtime)));
  registerRoutesNotScheduledRoutes(app, createRoutesNotScheduledService(db));
}
