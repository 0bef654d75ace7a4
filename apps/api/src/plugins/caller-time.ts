import type { FastifyInstance } from "fastify";
import { CallerClock, parseGmtHeader } from "../lib/caller-clock.js";
import { badRequest } from "../lib/http-error.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The caller's clock (the `GMT` header, read once per request; UTC when absent). */
    clock: CallerClock;
  }
  interface FastifyContextConfig {
    /**
     * The route reads the caller's local days, so the `GMT` header is required (400 without it).
     * Set by default on every route whose query has `sinceDate` or `untilDate`.
     */
    dated?: boolean;
  }
}

export const INVALID_GMT = "Encabezado GMT inválido";
export const MISSING_GMT =
  "Falta el encabezado GMT (la zona horaria del usuario, p. ej. 4 para UTC-4): es obligatorio en las consultas por fechas";

/** The keys of a zod object schema (also refined), or none. */
function queryKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

/**
 * Reads the `GMT` header of every request into `request.clock` (400 when it is not a real
 * offset). Dated routes (a query with `sinceDate`/`untilDate`, or `config.dated`) require it (400
 * after the access control, before the query's validation); other routes default to UTC. Register it before the routes (its `onRoute` hook marks the dated ones)
 * and before the access control so a bad header answers 400 before any 401/403.
 */
export function registerCallerTime(app: FastifyInstance) {
  // A reference type cannot be a decorator's default (Fastify); onRequest sets it on every request.
  app.decorateRequest("clock");
  app.addHook("onRoute", (route) => {
    if (route.config?.dated !== undefined) return;
    const keys = queryKeys(route.schema?.querystring);
    if (keys.includes("sinceDate") || keys.includes("untilDate")) {
      route.config = { ...route.config, dated: true };
    }
  });
  app.addHook("onRequest", async (request) => {
    const clock = CallerClock.fromHeader(request.headers.gmt);
    if (clock === undefined) throw badRequest(INVALID_GMT, { GMT: INVALID_GMT });
    request.clock = clock ?? CallerClock.UTC;
  });
  // After the access control (401/403 first), before the query is validated.
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config?.dated && parseGmtHeader(request.headers.gmt) === null) {
      throw badRequest(MISSING_GMT, { GMT: MISSING_GMT });
    }
  });
}
