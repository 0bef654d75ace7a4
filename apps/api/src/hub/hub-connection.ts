import type { WebSocket } from "ws";
import type { AuthUser, SessionUser } from "../lib/auth-user.js";

/** One client socket of this instance and what the hub keeps about it. */
export type Connection = {
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

export const isAdmin = (user: AuthUser) => user.role === "Admin" || user.role === "SuperAdmin";

/** A new connection, before its handshake; its rights are re-checked when its token expires. */
export function createConnection(socket: WebSocket, user: SessionUser, id: string): Connection {
  const now = Date.now();
  return {
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
}
