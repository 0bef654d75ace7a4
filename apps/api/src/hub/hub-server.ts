import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import { type RawData, WebSocket, WebSocketServer } from "ws";
import { DATABASE_BUSY_MESSAGE, DATABASE_UNAVAILABLE_MESSAGE, databaseFault } from "../lib/db-errors.js";
import { HttpError } from "../lib/http-error.js";
import type { AccountRights } from "../modules/accounts/account-rights.js";
import type { AuthUser, SessionUser } from "../modules/accounts/auth-user.js";
import { ACCESS_TOKEN_TTL_SECONDS } from "../modules/auth/token-service.js";
import type { Authenticate } from "../plugins/access.js";
import type { Audience, RealtimeBus, RealtimeEvent } from "../realtime/realtime-bus.js";
import { createConnectionTokens } from "./connection-tokens.js";
import { type HubCaller, HubError, type HubMethod } from "./hub-methods.js";
import {
  closeRecord,
  completionRecord,
  createRecordReader,
  type HubMessage,
  invocationRecord,
  MessageType,
  PING_RECORD,
  RecordTooLargeError,
  toRecord,
} from "./hub-protocol.js";
import { registerNegotiateRoute } from "./negotiate-route.js";

export type HubOptions = {
  /** A Ping is sent after this much silence towards the client (15 s). */
  pingIntervalMs?: number;
  /** A connection that sends nothing for this long is dropped (30 s). */
  idleTimeoutMs?: number;
  handshakeTimeoutMs?: number;
  /** A negotiated connection token must be used within this time (15 s). */
  negotiateTtlMs?: number;
  /** Largest record accepted from a client, in characters (32 KB). */
  maxRecordLength?: number;
  /** Sockets one user may hold on this instance; a new one closes the oldest (10). */
  maxConnectionsPerUser?: number;
  /**
   * Records are written at most once per this interval per connection, together in one frame
   * (25 ms). After a quiet interval the first record goes out at the end of the event-loop turn.
   */
  coalesceMs?: number;
};

/** Close reasons (SignalR Close `error`, shown by the client; no `allowReconnect`). */
export const RIGHTS_ENDED = "Su sesión terminó o cambiaron sus permisos. Inicie sesión nuevamente.";
export const TOO_MANY_CONNECTIONS =
  "Se abrió otra conexión en tiempo real con su usuario y se cerró la más antigua.";

type Connection = {
  id: string;
  user: SessionUser;
  /** When its rights are read again from the database: the token's expiry, then every 15 min. */
  recheckAt: number;
  rechecking: boolean;
  socket: WebSocket;
  groups: Set<string>;
  handshaken: boolean;
  openedAt: number;
  lastReceived: number;
  lastSent: number;
  queue: Promise<void>;
  /** Its own records waiting for the next flush, sent together in one frame. */
  outbox: string[];
  /** For each record of `outbox`, how many admin records (`shared`) were queued before it. */
  outboxAt: number[];
  /** The first admin record of this tick it receives (set at its handshake: nothing before `{}`). */
  sharedFrom: number;
};

const HUB_PATH = "/server";
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const RECHECK_RETRY_MS = 30_000;
const isAdmin = (user: AuthUser) => user.role === "Admin" || user.role === "SuperAdmin";

/**
 * The SignalR hub at `/server` (JSON protocol over WebSockets only): negotiate, upgrade, handshake,
 * invocations of `methods`, pings, idle timeout, and delivery of every `realtime` event to the
 * matching local connections.
 */
export function registerHub(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    rights: AccountRights;
    realtime: RealtimeBus;
    methods: Map<string, HubMethod>;
    jwtSecret: string;
    corsOrigins: string[];
    options?: HubOptions;
  },
) {
  const pingIntervalMs = deps.options?.pingIntervalMs ?? 15_000;
  const idleTimeoutMs = deps.options?.idleTimeoutMs ?? 30_000;
  const handshakeTimeoutMs = deps.options?.handshakeTimeoutMs ?? 15_000;
  const maxRecordLength = deps.options?.maxRecordLength ?? 32 * 1024;
  const maxConnectionsPerUser = deps.options?.maxConnectionsPerUser ?? 10;
  const connectionTokens = createConnectionTokens(deps.jwtSecret, deps.options?.negotiateTtlMs ?? 15_000);
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 4 * maxRecordLength,
    perMessageDeflate: false,
  });

  const connections = new Set<Connection>();
  const admins = new Set<Connection>();
  const byUser = new Map<number, Set<Connection>>();
  const groups = new Map<string, Set<Connection>>();

  const addTo = <K>(index: Map<K, Set<Connection>>, key: K, connection: Connection) => {
    let members = index.get(key);
    if (!members) {
      members = new Set();
      index.set(key, members);
    }
    members.add(connection);
  };
  const removeFrom = <K>(index: Map<K, Set<Connection>>, key: K, connection: Connection) => {
    const members = index.get(key);
    if (!members) return;
    members.delete(connection);
    if (members.size === 0) index.delete(key);
  };

  // Records are queued and written at most once per `coalesceMs` for each connection, several in
  // one frame (the protocol allows it), and at the end of the event-loop turn after a quiet spell.
  // Events for every admin (positions, notifications) are serialized once into `shared` and, at the
  // flush, joined once into one Buffer that every admin socket gets as is: the cost of a position
  // no longer grows with the number of dashboards, only the cost of a flush does. A connection's
  // own records (completions, pings, its groups' events) keep their place among the shared ones.
  const coalesceMs = deps.options?.coalesceMs ?? 25;
  const pendingOut = new Set<Connection>();
  let shared: string[] = [];
  let flushTimer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  let lastFlush = 0;

  /** The connection's frame: its own records interleaved with the admin records it has not had. */
  function frameOf(connection: Connection, sharedFrame: () => Buffer): string | Buffer | undefined {
    const { outbox, outboxAt } = connection;
    const from = connection.sharedFrom;
    const withShared = connection.handshaken && admins.has(connection) && from < shared.length;
    if (!withShared)
      return outbox.length === 0 ? undefined : outbox.length === 1 ? outbox[0] : outbox.join("");
    if (outbox.length === 0 && from === 0) return sharedFrame();
    const parts: string[] = [];
    let cursor = from;
    for (let i = 0; i < outbox.length; i++) {
      const at = outboxAt[i] as number;
      for (; cursor < at; cursor++) parts.push(shared[cursor] as string);
      parts.push(outbox[i] as string);
    }
    for (; cursor < shared.length; cursor++) parts.push(shared[cursor] as string);
    return parts.join("");
  }

  function write(connection: Connection, frame: string | Buffer) {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate();
      return;
    }
    connection.lastSent = Date.now();
    // Text frames only (SignalR JSON): a Buffer would go out as a binary frame otherwise.
    socket.send(frame, { binary: false });
  }

  /** Writes what is pending for one connection now (before a close, or at the tick). */
  function flushConnection(
    connection: Connection,
    sharedFrame: () => Buffer = () => Buffer.from(shared.join("")),
  ) {
    pendingOut.delete(connection);
    const frame = frameOf(connection, sharedFrame);
    connection.outbox.length = 0;
    connection.outboxAt.length = 0;
    connection.sharedFrom = shared.length;
    if (frame !== undefined) write(connection, frame);
  }

  function flushAll() {
    flushTimer = undefined;
    lastFlush = performance.now();
    let built: Buffer | undefined;
    const sharedFrame = () => {
      built ??= Buffer.from(shared.join(""));
      return built;
    };
    if (shared.length > 0) for (const admin of admins) flushConnection(admin, sharedFrame);
    for (const connection of pendingOut) flushConnection(connection, sharedFrame);
    shared = [];
    for (const admin of admins) admin.sharedFrom = 0;
  }

  function scheduleFlush() {
    if (flushTimer) return;
    const wait = lastFlush + coalesceMs - performance.now();
    flushTimer = wait <= 0 ? setImmediate(flushAll) : setTimeout(flushAll, wait);
  }

  function send(connection: Connection, record: string) {
    if (connection.socket.readyState !== WebSocket.OPEN) return;
    connection.outbox.push(record);
    connection.outboxAt.push(shared.length);
    pendingOut.add(connection);
    scheduleFlush();
  }

  /** Whether the event goes to every admin (the shared frame); "all but its author" does not. */
  const hasAdmins = (audience: Audience): boolean =>
    (audience.kind === "admins" && audience.exceptUserId === undefined) ||
    (audience.kind === "many" && audience.audiences.some(hasAdmins));

  function collect(audience: Audience, into: Set<Connection>) {
    const add = (members: Iterable<Connection> | undefined) => {
      if (members) for (const member of members) into.add(member);
    };
    if (audience.kind === "admins") {
      // Every admin but the event's author: rare (notifications), so one record per socket.
      const { exceptUserId } = audience;
      if (exceptUserId !== undefined)
        for (const admin of admins) if (admin.user.id !== exceptUserId) into.add(admin);
    } else if (audience.kind === "group") add(groups.get(audience.name));
    else if (audience.kind === "user") add(byUser.get(audience.userId));
    else if (audience.kind === "many") for (const inner of audience.audiences) collect(inner, into);
  }

  function deliver(event: RealtimeEvent) {
    const toAdmins = admins.size > 0 && hasAdmins(event.audience);
    const recipients = new Set<Connection>();
    collect(event.audience, recipients);
    if (!toAdmins && recipients.size === 0) return;
    const record = invocationRecord(event.target, event.args);
    if (toAdmins) {
      shared.push(record);
      scheduleFlush();
    }
    for (const connection of recipients)
      if (connection.handshaken && !(toAdmins && admins.has(connection))) send(connection, record);
  }
  const unsubscribe = deps.realtime.subscribe((event) => {
    try {
      deliver(event);
    } catch (error) {
      app.log.error({ err: error }, "hub: no se pudo entregar un evento");
    }
  });

  function forget(connection: Connection) {
    pendingOut.delete(connection);
    connection.outbox.length = 0;
    connection.outboxAt.length = 0;
    if (!connections.delete(connection)) return;
    admins.delete(connection);
    removeFrom(byUser, connection.user.id, connection);
    for (const group of connection.groups) removeFrom(groups, group, connection);
    connection.groups.clear();
  }

  function closeWith(connection: Connection, error: string | undefined, allowReconnect = false) {
    send(connection, closeRecord(error, allowReconnect));
    flushConnection(connection);
    connection.socket.close(1000);
  }

  /**
   * Reads the connection's rights again (user active, same role, session live); closes it for good
   * when they no longer hold, otherwise re-checks it again one access-token lifetime later.
   */
  async function recheck(connection: Connection) {
    if (connection.rechecking) return;
    connection.rechecking = true;
    try {
      const holds = await deps.rights.holds(connection.user, { fresh: true });
      if (!connections.has(connection)) return;
      if (!holds) {
        forget(connection);
        closeWith(connection, RIGHTS_ENDED);
        return;
      }
      connection.recheckAt = Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000;
    } catch (error) {
      // The database did not answer: try again in a while, not at every sweep.
      connection.recheckAt = Date.now() + RECHECK_RETRY_MS;
      app.log.error({ err: error }, "hub: no se pudieron revisar los permisos de una conexión");
    } finally {
      connection.rechecking = false;
    }
  }

  // A user's rights changed on some instance: re-check that user's connections here.
  const unsubscribeRights = deps.realtime.subscribeRightsChanges((change) => {
    const members = byUser.get(change.userId);
    if (!members) return;
    for (const connection of [...members]) {
      connection.rechecking = false;
      void recheck(connection);
    }
  });

  async function invoke(connection: Connection, message: HubMessage) {
    const invocationId = typeof message.invocationId === "string" ? message.invocationId : undefined;
    const reply = (outcome: { result: unknown } | { error: string }) => {
      if (invocationId !== undefined) send(connection, completionRecord(invocationId, outcome));
    };
    if (typeof message.target !== "string" || !Array.isArray(message.arguments)) {
      reply({ error: "Invocación inválida" });
      return;
    }
    const method = deps.methods.get(message.target.toLowerCase());
    if (!method) {
      reply({ error: `Unknown hub method '${message.target.slice(0, 100)}'` });
      return;
    }
    const caller: HubCaller = {
      user: connection.user,
      joinGroup(name) {
        if (!connections.has(connection)) return;
        connection.groups.add(name);
        addTo(groups, name, connection);
      },
      leaveGroup(name) {
        connection.groups.delete(name);
        removeFrom(groups, name, connection);
      },
    };
    try {
      const result = await method(caller, message.arguments);
      reply({ result: result ?? null });
    } catch (error) {
      if (error instanceof HubError || (error instanceof HttpError && error.statusCode < 500)) {
        reply({ error: error.message });
      } else {
        app.log.error({ err: error, target: message.target }, "hub: error en un método");
        const fault = databaseFault(error);
        reply({
          error:
            fault === "unavailable"
              ? DATABASE_UNAVAILABLE_MESSAGE
              : fault === "busy"
                ? DATABASE_BUSY_MESSAGE
                : "Ocurrió un error en el servidor",
        });
      }
    }
  }

  function handleRecord(connection: Connection, text: string) {
    if (!connection.handshaken) {
      let handshake: { protocol?: unknown; version?: unknown } | undefined;
      try {
        handshake = JSON.parse(text);
      } catch {
        handshake = undefined;
      }
      if (handshake?.protocol !== "json" || (handshake.version !== 1 && handshake.version !== 2)) {
        const protocol = String(handshake?.protocol ?? "").slice(0, 40);
        send(connection, toRecord({ error: `El protocolo '${protocol}' no está soportado` }));
        flushConnection(connection);
        connection.socket.close(1000);
        return;
      }
      connection.handshaken = true;
      connection.sharedFrom = shared.length;
      send(connection, toRecord({}));
      return;
    }
    let message: HubMessage;
    try {
      message = JSON.parse(text);
      if (typeof message !== "object" || message === null || typeof message.type !== "number")
        throw new Error("no type");
    } catch {
      closeWith(connection, "Mensaje inválido");
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
        // One invocation at a time per connection, in order (as SignalR servers do by default).
        connection.queue = connection.queue.then(() => invoke(connection, message));
        return;
      case MessageType.StreamInvocation:
        if (typeof message.invocationId === "string")
          send(connection, completionRecord(message.invocationId, { error: "Streaming no soportado" }));
        return;
      case MessageType.Close:
        flushConnection(connection);
        connection.socket.close(1000);
        return;
      default:
        // Ping, CancelInvocation, StreamItem and Completion need no answer.
        return;
    }
  }

  function accept(socket: WebSocket, user: SessionUser, id: string) {
    const now = Date.now();
    const connection: Connection = {
      id,
      user,
      recheckAt: user.expiresAt,
      rechecking: false,
      socket,
      groups: new Set(),
      handshaken: false,
      openedAt: now,
      lastReceived: now,
      lastSent: now,
      queue: Promise.resolve(),
      outbox: [],
      outboxAt: [],
      sharedFrom: 0,
    };
    // Over the cap, the user's oldest socket gives way (a new tab or device wins).
    const own = [...(byUser.get(user.id) ?? [])];
    for (const oldest of own.slice(0, Math.max(0, own.length - maxConnectionsPerUser + 1))) {
      forget(oldest);
      closeWith(oldest, TOO_MANY_CONNECTIONS);
    }
    connections.add(connection);
    if (isAdmin(user)) admins.add(connection);
    addTo(byUser, user.id, connection);
    const read = createRecordReader(maxRecordLength);

    socket.on("message", (data: RawData) => {
      connection.lastReceived = Date.now();
      const text = Array.isArray(data)
        ? Buffer.concat(data).toString("utf8")
        : Buffer.from(data as ArrayBuffer).toString("utf8");
      let records: string[];
      try {
        records = read(text);
      } catch (error) {
        if (!(error instanceof RecordTooLargeError)) throw error;
        closeWith(connection, "Mensaje demasiado grande");
        return;
      }
      for (const record of records) {
        if (socket.readyState !== WebSocket.OPEN) return;
        handleRecord(connection, record);
      }
    });
    socket.on("close", () => forget(connection));
    socket.on("error", () => forget(connection));
  }

  const sweeper = setInterval(
    () => {
      const now = Date.now();
      for (const connection of connections) {
        if (!connection.handshaken) {
          if (now - connection.openedAt > handshakeTimeoutMs) connection.socket.terminate();
          continue;
        }
        // No Close record: a silent client is probably gone; a live one reconnects on its own.
        if (now - connection.lastReceived > idleTimeoutMs) connection.socket.terminate();
        else if (now - connection.lastSent >= pingIntervalMs) send(connection, PING_RECORD);
        // Its access token expired: its rights are read again (closed for good if they ended).
        if (now >= connection.recheckAt) void recheck(connection);
      }
    },
    Math.max(20, Math.min(pingIntervalMs, idleTimeoutMs, 5_000) / 3),
  );
  sweeper.unref();

  function isOriginAllowed(request: IncomingMessage): boolean {
    const origin = request.headers.origin;
    if (!origin) return true;
    if (deps.corsOrigins.includes(origin)) return true;
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

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? "/", "http://hub.invalid");
    if (url.pathname.replace(/\/+$/, "").toLowerCase() !== HUB_PATH) return refuse(socket, 404, "Not Found");
    if (!isOriginAllowed(request)) return refuse(socket, 403, "Forbidden");
    const header = request.headers.authorization;
    const token =
      url.searchParams.get("access_token") ??
      (header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined);
    const user = token ? await deps.authenticate(token) : undefined;
    if (!user) return refuse(socket, 401, "Unauthorized");
    const connectionToken = url.searchParams.get("id");
    let connectionId: string;
    if (connectionToken === null) {
      // skipNegotiation: the socket arrives without an id.
      connectionId = connectionTokens.issue(user.id).connectionId;
    } else {
      const grant = connectionTokens.redeem(connectionToken);
      if (grant === "invalid") return refuse(socket, 404, "Not Found");
      if (grant === "used") return refuse(socket, 409, "Conflict");
      if (grant.userId !== user.id) return refuse(socket, 401, "Unauthorized");
      connectionId = grant.connectionId;
    }
    if (socket.destroyed) return;
    wss.handleUpgrade(request, socket, head, (ws) => accept(ws, user, connectionId));
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(request, socket, head).catch((error) => {
      app.log.error({ err: error }, "hub: error al abrir la conexión");
      if (databaseFault(error)) refuse(socket, 503, "Service Unavailable");
      else refuse(socket, 500, "Internal Server Error");
    });
  };
  app.server.on("upgrade", onUpgrade);

  registerNegotiateRoute(app, {
    authenticate: deps.authenticate,
    issue: (userId) => connectionTokens.issue(userId),
  });

  app.addHook("preClose", async () => {
    app.server.off("upgrade", onUpgrade);
    const open = [...connections];
    for (const connection of open) closeWith(connection, "El servidor se está reiniciando", true);
    await new Promise<void>((resolve) => {
      const check = () => {
        if (open.every((c) => c.socket.readyState === WebSocket.CLOSED)) resolve();
        else if (Date.now() - started > 1_000) {
          for (const c of open) c.socket.terminate();
          resolve();
        } else setTimeout(check, 10);
      };
      const started = Date.now();
      check();
    });
  });
  app.addHook("onClose", async () => {
    clearInterval(sweeper);
    clearTimeout(flushTimer as NodeJS.Timeout);
    clearImmediate(flushTimer as NodeJS.Immediate);
    unsubscribe();
    unsubscribeRights();
    wss.close();
  });

  return {
    /** How many sockets this instance holds (for health and tests). */
    connectionCount: () => connections.size,
  };
}

function refuse(socket: Duplex, status: number, text: string) {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
