import type { FastifyInstance } from "fastify";
import type { ImportService } from "./import-service.js";

/** `Employee/import*` and `Driver/import*` (issue 24): filled in once the sheet reader lands. */
export function registerImportRoutes(_app: FastifyInstance, _imports: ImportService) {}
