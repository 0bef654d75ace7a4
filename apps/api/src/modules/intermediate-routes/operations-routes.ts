import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { createNotifier } from "../notifications/notification-service.js";
import { registerTransportServicesRoutes } from "../transport-services/transport-services-routes.js";
import { createTransportServicesService } from "../transport-services/transport-services-service.js";
import { registerIntermediateRoutesRoutes } from "./intermediate-routes-routes.js";
import { createIntermediateRoutesService } from "./intermediate-routes-service.js";

/** Live operations: trips (IntermediateRoute) and boardings (TransportService). */
export function registerOperationRoutes(app: FastifyInstance, db: Db) {
  const notifier = createNotifier(app.realtime);
  registerIntermediateRoutesRoutes(app, createIntermediateRoutesService(db, app.realtime, notifier));
  registerTransportServicesRoutes(app, createTransportServicesService(db, notifier));
}
