import { WebSocket } from "ws";
import type { Connection } from "./hub-connection.js";

/** A slower socket than this (bytes not yet sent) is dropped rather than buffered further. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export type FrameCoalescer = ReturnType<typeof createFrameCoalescer>;

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

/** The connection's frame: its own records interleaved with the admin records it has not had. */
function frameOf(
  connection: Connection,
  shared: readonly string[],
  isAdmin: boolean,
  sharedFrame: () => Buffer,
): string | Buffer | undefined {
  const { outbox, outboxAt } = connection;
  const from = connection.sharedFrom;
  const withShared = connection.handshaken && isAdmin && from < shared.length;
  if (!withShared) return outbox.length === 0 ? undefined : outbox.length === 1 ? outbox[0] : outbox.join("");
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

/**
 * The tick of decision 0034. Records are queued and written at most once per `coalesceMs` for each
 * connection, several in one frame (the protocol allows it), and at the end of the event-loop turn
 * after a quiet spell. Events for every admin (positions, notifications) are serialized once into
 * `shared` and, at the flush, joined once into one Buffer that every admin socket gets as is: the
 * cost of a position no longer grows with the number of dashboards, only the cost of a flush does.
 * A connection's own records (completions, pings, its groups' events) keep their place among the
 * shared ones.
 */
export function createFrameCoalescer(options: { coalesceMs: number; admins: ReadonlySet<Connection> }) {
  const { coalesceMs, admins } = options;
  const pendingOut = new Set<Connection>();
  let shared: string[] = [];
  let flushTimer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  let lastFlush = 0;

  /** Writes what is pending for one connection now (before a close, or at the tick). */
  function flush(connection: Connection, sharedFrame: () => Buffer = () => Buffer.from(shared.join(""))) {
    pendingOut.delete(connection);
    const frame = frameOf(connection, shared, admins.has(connection), sharedFrame);
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
    if (shared.length > 0) for (const admin of admins) flush(admin, sharedFrame);
    for (const connection of pendingOut) flush(connection, sharedFrame);
    shared = [];
    for (const admin of admins) admin.sharedFrom = 0;
  }

  function scheduleFlush() {
    if (flushTimer) return;
    const wait = lastFlush + coalesceMs - performance.now();
    flushTimer = wait <= 0 ? setImmediate(flushAll) : setTimeout(flushAll, wait);
  }

  return {
    /** Queues one of the connection's own records for the next tick. */
    send(connection: Connection, record: string) {
      if (connection.socket.readyState !== WebSocket.OPEN) return;
      connection.outbox.push(record);
      connection.outboxAt.push(shared.length);
      pendingOut.add(connection);
      scheduleFlush();
    },
    /** Queues a record for every admin connection (serialized once, written once per tick). */
    sendToAdmins(record: string) {
      shared.push(record);
      scheduleFlush();
    },
    flush: (connection: Connection) => flush(connection),
    /** At the handshake: the connection gets only the admin records queued from now on. */
    startShared(connection: Connection) {
      connection.sharedFrom = shared.length;
    },
    /** Forgets what was queued for a connection that is gone. */
    drop(connection: Connection) {
      pendingOut.delete(connection);
      connection.outbox.length = 0;
      connection.outboxAt.length = 0;
    },
    stop() {
      clearTimeout(flushTimer as NodeJS.Timeout);
      clearImmediate(flushTimer as NodeJS.Immediate);
    },
  };
}
