import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import { registerCutRoutes } from "../cuts/cut-routes.js";
import { createCutService } from "../cuts/cut-service.js";
import { registerStatsRoutes } from "../stats/stats-routes.js";
import { createStatsService } from "../stats/stats-service.js";
import { registerReportRoutes } from "./reports-routes.js";

/** Reports, billing cuts, their Excel exports and the dashboard statistics. */
export function registerReportingRoutes(app: FastifyInstance, db: Db) {
  registerReportRoutes(app, db);
  registerCutRoutes(app, db, createCutService(db));
  registerStatsRoutes(app, createStatsService(db));
}
