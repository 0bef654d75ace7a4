import type { IncomingMessage } from "node:http";
import fastifyHelmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** OpenStreetMap's public tiles: what both front ends use when VITE_MAP_TILE_URL is not set. */
const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

/** HSTS on HTTPS answers: 180 days, this host only (a LAN name with a self-signed certificate stays its own). */
export const HSTS_VALUE = "max-age=15552000";

/**
 * The CSP source for the map tiles of a Leaflet URL template: its scheme and host, with a
 * templated label (`{s}.tile…`) as a `*.` wildcard; nothing for a same-origin (relative) template.
 */
export function tileSource(template: string | undefined): string | undefined {
  const url = template?.trim() || DEFAULT_TILE_URL;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url);
  if (!match) return undefined;
  const [, scheme, host = ""] = match;
  const labels = host.split(".");
  // Everything up to the last templated label becomes the wildcard.
  const rest = labels.slice(labels.map((label) => label.includes("{")).lastIndexOf(true) + 1);
  const clean = rest.length === labels.length ? host : ["*", ...rest].join(".");
  if (!/^[\w*.-]+(:\d+)?$/.test(clean) || clean === "*") return undefined;
  return `${scheme?.toLowerCase()}://${clean.toLowerCase()}`;
}

/** The hub's WebSocket sources for the host the page was loaded from (browsers differ on `'self'`). */
function hubSources(req: IncomingMessage): string {
  const host = req.headers.host ?? "";
  // Only a plain host[:port] goes into the header; anything else falls back to 'self' alone.
  return /^[\w.-]+(:\d+)?$|^\[[\da-fA-F:.]+\](:\d+)?$/.test(host) ? `ws://${host} wss://${host}` : "";
}

/**
 * Security headers on every answer (decision 0025): a CSP that the back office (antd's injected
 * styles), Treiber App (service worker, blob: photos), the map tiles, the hub and /docs pass;
 * `nosniff`, no framing, `strict-origin-when-cross-origin` referrers (OpenStreetMap's tile policy
 * wants a Referer) and HSTS on answers that came over HTTPS (own certificate or a trusted proxy's
 * `X-Forwarded-Proto`).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { mapTileUrl?: string }) {
  const tiles = tileSource(options.mapTileUrl);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        "script-src": ["'self'"],
        "script-src-attr": ["'none'"],
        // antd (CSS-in-JS) and Leaflet inject <style> elements at run time.
        "style-src": ["'self'", "'unsafe-inline'"],
        // blob: photos fetched with the bearer token, data: icons, the tile server.
        "img-src": ["'self'", "data:", "blob:", ...(tiles ? [tiles] : [])],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", (req) => hubSources(req)],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
      },
    },
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // Sent below, only on HTTPS answers: over plain HTTP it means nothing and must not be promised.
    strictTransportSecurity: false,
  });
  app.addHook("onRequest", async (request, reply) => {
    if (request.protocol === "https") reply.header("Strict-Transport-Security", HSTS_VALUE);
  });
}
