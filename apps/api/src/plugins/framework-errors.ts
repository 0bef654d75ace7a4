import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

const BAD_URL = "La dirección solicitada no es válida";

/**
 * Fastify answers a malformed URL (bad percent-encoding, a path parameter past its length) before
 * any hook runs, so the helmet and CORS hooks never see it (issue 21). This answer carries the same
 * protection for a JSON error (nosniff, no framing, a CSP that loads nothing) and, for an allowed
 * origin, the CORS headers the web client needs to read it.
 */
export function frameworkErrorHandler(corsOrigins: readonly string[]) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin && corsOrigins.includes(origin)) {
      reply
        .header("Access-Control-Allow-Origin", origin)
        .header("Access-Control-Allow-Credentials", "true")
        .header("Access-Control-Expose-Headers", "content-disposition,retry-after")
        .header("Vary", "Origin");
    }
    const statusCode =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
    return reply
      .header("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
      .header("X-Content-Type-Options", "nosniff")
      .header("X-Frame-Options", "DENY")
      .header("Referrer-Policy", "strict-origin-when-cross-origin")
      .status(statusCode)
      .send({ statusCode, message: BAD_URL });
  };
}
