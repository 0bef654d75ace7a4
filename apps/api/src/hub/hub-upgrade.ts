import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket, WebSocketServer } from "ws";
import type { SessionUser } from "../lib/auth-user.js";
import { databaseFault } from "../lib/db-errors.js";
import type { Authenticate } from "../plugins/access.js";
import type { createConnectionTokens } from "./connection-tokens.js";

const HUB_PATH = "/server";

function refuse(socket: Duplex, status: number, text: string) {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Same origin, a configured CORS origin, loopback to loopback, or no Origin (not a browser). */
function isOriginAllowed(request: IncomingMessage, corsOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    const { host, hostname } = new URL(origin);
    if (host === request.headers.host) return true;
    const requestHost = (request.headers.host ?? "").replace(/:\d+$/, "");
    const loopback = (name: string) => ["localhost", "127.0.0.1", "[::1]"].includes(name);
    return loopback(hostname) && loopback(requestHost);
  } catch {
    return false;
  }
}

type UpgradeDeps = {
  authenticate: Authenticate;
  connectionTokens: ReturnType<typeof createConnectionTokens>;
  corsOrigins: string[];
  wss: WebSocketServer;
  accept(socket: WebSocket, user: SessionUser, connectionId: string): void;
  log: FastifyBaseLogger;
};

/** The connection id: the negotiated one (redeemed once), or a new one with skipNegotiation. */
function connectionIdOf(deps: UpgradeDeps, url: URL, user: SessionUser): string | [number, string] {
  const connectionToken = url.searchParams.get("id");
  // skipNegotiation: the socket arrives without an id.
  if (connectionToken === null) return deps.connectionTokens.issue(user.id).connectionId;
  const grant = deps.connectionTokens.redeem(connectionToken);
  if (grant === "invalid") return [404, "Not Found"];
  if (grant === "used") return [409, "Conflict"];
  if (grant.userId !== user.id) return [401, "Unauthorized"];
  return grant.connectionId;
}

async function upgrade(deps: UpgradeDeps, request: IncomingMessage, socket: Duplex, head: Buffer) {
  const url = new URL(request.url ?? "/", "http://hub.invalid");
  if (url.pathname.replace(/\/+$/, "").toLowerCase() !== HUB_PATH) return refuse(socket, 404, "Not Found");
  if (!isOriginAllowed(request, deps.corsOrigins)) return refuse(socket, 403, "Forbidden");
  const header = request.headers.authorization;
  const token =
    url.searchParams.get("access_token") ??
    (header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined);
  const user = token ? await deps.authenticate(token) : undefined;
  if (!user) return refuse(socket, 401, "Unauthorized");
  const connectionId = connectionIdOf(deps, url, user);
  if (Array.isArray(connectionId)) return refuse(socket, ...connectionId);
  if (socket.destroyed) return;
  deps.wss.handleUpgrade(request, socket, head, (ws) => deps.accept(ws, user, connectionId));
}

/**
 * The HTTP server's `upgrade` listener for `/server`: origin, bearer token (query `access_token` or
 * header) and connection token checked, then the socket is handed to `accept`.
 */
export function createUpgradeHandler(deps: UpgradeDeps) {
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(deps, request, socket, head).catch((error) => {
      deps.log.error({ err: error }, "hub: error al abrir la conexión");
      if (databaseFault(error)) refuse(socket, 503, "Service Unavailable");
      else refuse(socket, 500, "Internal Server Error");
    });
  };
}
