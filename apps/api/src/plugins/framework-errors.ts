import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { HSTS_VALUE } from "./security-headers.js";

/** Fastify's `trustProxy` as a function (the app's), or false when no proxy is trusted. */
export type ProxyTrust = false | ((address: string, hop: number) => boolean);

/**
 * Whether a request came over HTTPS, decided as Fastify's `request.protocol` does: the last
 * `X-Forwarded-Proto` when the peer is a trusted proxy, else the socket. Needed here because the
 * request Fastify hands to `frameworkErrors` ignores `trustProxy`.
 */
function cameOverHttps(raw: IncomingMessage, trust: ProxyTrust) {
  const socket = raw.socket as TLSSocket | undefined;
  const forwarded = raw.headers["x-forwarded-proto"];
  const address = socket?.remoteAddress;
  if (trust && typeof forwarded === "string" && forwarded && address !== undefined && trust(address, 0)) {
    return forwarded.slice(forwarded.lastIndexOf(",") + 1).trim() === "https";
  }
  return socket?.encrypted === true;
}

const BAD_URL = "La dirección solicitada no es válida";

/**
 * Fastify answers a malformed URL (bad percent-encoding, a path parameter past its length) before
 * any hook runs, so the helmet and CORS hooks never see it (issue 21). This answer carries the same
 * protection for a JSON error (nosniff, no framing, a CSP that loads nothing, HSTS when it came over
 * HTTPS) and, for an allowed origin, the CORS headers the web client needs to read it.
 */
export function frameworkErrorHandler(corsOrigins: readonly string[], trust: ProxyTrust) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (origin && corsOrigins.includes(origin)) {
      reply
        .header("Access-Control-Allow-Origin", origin)
        .header("Access-Control-Allow-Credentials", "true")
        .header("Access-Control-Expose-Headers", "content-disposition,retry-after")
        .header("Vary", "Origin");
    }
    if (cameOverHttps(request.raw, trust)) reply.header("Strict-Transport-Security", HSTS_VALUE);
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
