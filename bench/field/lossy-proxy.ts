import { createServer, type Server, Socket } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * What happens to the connections held up by an outage when it ends:
 * - "resume": the bytes held during the outage go on, in order (a TCP connection that retransmits
 *   once the bus leaves the dead zone, the usual case after 30 s);
 * - "reset": every connection open at the end of the outage is reset (a carrier NAT that forgot
 *   them); the browser has to open new ones.
 */
export type OutageEnd = "resume" | "reset";

export type LossyProxyOptions = {
  /** The real server, e.g. { host: "127.0.0.1", port: 8931 }. */
  target: { host: string; port: number };
  /** Starting loss (0 = clean pipe); see {@link LossyProxy.setLoss}. */
  loss?: number;
  /** A held chunk waits between these many ms (200–3000). */
  stallMs?: readonly [number, number];
  outageEnd?: OutageEnd;
  random?: () => number;
};

export type LossyProxyStats = {
  connections: number;
  /** Connections reset by the loss (not counting the resets at the end of an outage). */
  killed: number;
  /** Connections reset at the end of an outage ("reset" mode). */
  resetByOutage: number;
  /** Chunks held 200–3000 ms by the loss. */
  stalledChunks: number;
  chunks: number;
  /** Connections accepted during an outage (they hang until it ends). */
  acceptedDuringOutage: number;
  outages: number;
};

export type LossyProxy = {
  port: number;
  url: string;
  /**
   * 0 = clean. With `loss` p: a connection is reset (RST both ways) with probability p in its first
   * exchange (at its first or second chunk: a request lost on the way, or an answer lost after the
   * server applied the request), and at any later chunk with probability p / 10;
   * each chunk, in either direction, is held with probability p for `stallMs`, holding the chunks
   * behind it (one direction of one TCP connection stays in order, as TCP does under loss).
   */
  setLoss(loss: number): void;
  /** From now on no byte goes either way and new connections hang (accepted, not connected on). */
  startOutage(): void;
  /** Traffic resumes (or, "reset" mode, the connections held up are reset). */
  endOutage(): void;
  inOutage(): boolean;
  stats(): LossyProxyStats;
  close(): Promise<void>;
};

/**
 * Resets a socket (RST), or just destroys it once its FIN was requested (libuv does not reset a
 * socket shutting down) or while it connects. Resetting those left the bench's process spinning in
 * Node's handle cleanup at exit.
 */
function kill(socket: Socket): void {
  if (socket.destroyed) return;
  if (socket.writableEnded || socket.connecting) socket.destroy();
  else socket.resetAndDestroy();
}

/** The end of a direction: a FIN passed on, or a reset. */
type Marker = "end" | "reset";

/**
 * A TCP proxy that makes a bad mobile network between the browser and the real server, at the
 * level a local proxy can (it cannot drop single packets: TCP would retransmit them anyway, so it
 * models their effect): connections reset, chunks held for up to 3 s (a retransmission after a
 * loss), and total outages (a dead zone: nothing moves, `navigator.onLine` stays true).
 */
export async function startLossyProxy(options: LossyProxyOptions): Promise<LossyProxy> {
  const random = options.random ?? Math.random;
  const [stallMin, stallMax] = options.stallMs ?? [200, 3_000];
  const outageEnd = options.outageEnd ?? "resume";
  let loss = options.loss ?? 0;
  const stats: LossyProxyStats = {
    connections: 0,
    killed: 0,
    resetByOutage: 0,
    stalledChunks: 0,
    chunks: 0,
    acceptedDuringOutage: 0,
    outages: 0,
  };

  /** Resolved while traffic flows; a pending promise during an outage. */
  let gate: Promise<void> = Promise.resolve();
  let openGate: (() => void) | null = null;
  const open = new Set<{ reset: () => void }>();
  /** Every socket still open, both sides: `close` destroys them. */
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };

  const passable = async () => {
    // A new outage may begin while waiting for the end of the previous one.
    while (openGate) await gate;
  };

  const server: Server = createServer({ noDelay: true, allowHalfOpen: true }, (client) => {
    stats.connections += 1;
    track(client);
    if (openGate) stats.acceptedDuringOutage += 1;
    let upstream: Socket | null = null;
    let torn = false;
    // Doomed (probability `loss`, decided at its first chunk under loss): reset at its first or
    // second chunk from then, i.e. in its first exchange (a request that never arrives, or an answer
    // lost after the server applied the request). Later, each chunk resets it with `loss` / 10 (a
    // long-lived connection, keep-alive or hub, dies now and then too).
    let killAt: number | null = null;
    let passed = 0;
    const done = () => torn || (client.destroyed && (upstream === null || upstream.destroyed));
    const connection = {
      reset: () => {
        if (torn) return;
        torn = true;
        open.delete(connection);
        kill(client);
        if (upstream) kill(upstream);
      },
    };
    open.add(connection);
    const forget = () => {
      if (done()) open.delete(connection);
    };
    client.on("close", forget);

    /** One direction: its chunks, then its end, in order, through the gate and the loss. */
    const direction = (from: Socket, to: () => Promise<Socket | null>) => {
      const queue: (Buffer | Marker)[] = [];
      let pumping = false;
      const pump = async () => {
        if (pumping) return;
        pumping = true;
        try {
          while (queue.length > 0 && !torn) {
            const item = queue[0];
            if (item instanceof Buffer) {
              stats.chunks += 1;
              if (random() < loss) {
                stats.stalledChunks += 1;
                await sleep(stallMin + random() * (stallMax - stallMin));
              }
            }
            await passable();
            const socket = await to();
            if (torn) return;
            queue.shift();
            if (item === "reset") return connection.reset();
            if (item instanceof Buffer && killAt === null && loss > 0) {
              killAt = random() < loss ? passed + 1 + Math.floor(random() * 2) : 0;
            }
            if (item instanceof Buffer && (++passed === killAt || random() < loss / 10)) {
              stats.killed += 1;
              return connection.reset();
            }
            if (!socket || socket.destroyed) continue; // the other side is gone: drop what was for it
            if (item === "end") socket.end();
            else if (item && !socket.write(item)) {
              await new Promise((resolve) => {
                socket.once("drain", resolve);
                socket.once("close", resolve);
              });
            }
            if (queue.length < 16 && from.isPaused()) from.resume();
          }
        } finally {
          pumping = false;
        }
      };
      from.on("data", (chunk: Buffer) => {
        queue.push(chunk);
        if (queue.length > 64) from.pause();
        void pump();
      });
      from.on("end", () => {
        queue.push("end");
        void pump();
      });
      // A reset from one side reaches the other in order too (not during an outage).
      from.on("error", () => {
        queue.push("reset");
        void pump();
      });
    };

    // The server side is opened once traffic flows: during an outage a new connection hangs.
    let connecting: Promise<Socket | null> | null = null;
    const upstreamSocket = () => {
      connecting ??= (async () => {
        await passable();
        if (torn) return null;
        const socket = new Socket({ allowHalfOpen: true });
        upstream = socket;
        track(socket);
        socket.on("close", forget);
        await new Promise<void>((resolve) => {
          socket.once("connect", resolve);
          socket.once("error", () => resolve());
          socket.connect(options.target.port, options.target.host);
        });
        if (socket.destroyed) {
          connection.reset();
          return null;
        }
        socket.setNoDelay(true);
        direction(socket, async () => client);
        return socket;
      })();
      return connecting;
    };
    direction(client, upstreamSocket);
    void upstreamSocket();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    setLoss(value) {
      loss = value;
    },
    startOutage() {
      if (openGate) return;
      stats.outages += 1;
      gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
    },
    endOutage() {
      const release = openGate;
      if (!release) return;
      openGate = null;
      if (outageEnd === "reset") {
        for (const connection of [...open]) {
          stats.resetByOutage += 1;
          connection.reset();
        }
      }
      release();
    },
    inOutage: () => openGate !== null,
    stats: () => ({ ...stats }),
    async close() {
      openGate?.();
      openGate = null;
      for (const connection of [...open]) connection.reset();
      for (const socket of [...sockets]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
