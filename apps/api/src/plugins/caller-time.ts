import type { FastifyInstance } from "fastify";
import { parseGmtHeader } from "../lib/caller-time.js";
import { badRequest } from "../lib/http-error.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Caller's UTC offset in hours, sign inverted (the `GMT` header), read once per request. */
    gmtOffset: number;
  }
}

const INVALID_GMT = "Encabezado GMT inválido";

/**
 * Reads the `GMT` header of every request into `request.gmtOffset` (400 when it is not an offset).
 * Register it before the access control so a bad header answers 400 before any 401/403.
 */
export function registerCallerTime(app: FastifyInstance) {
  app.decorateRequest("gmtOffset", 0);
  app.addHook("onRequest", async (request) => {
    const gmt = parseGmtHeader(request.headers.gmt);
    if (gmt === undefined) throw badRequest(INVALID_GMT, { GMT: INVALID_GMT });
    request.gmtOffset = gmt;
  });
}
