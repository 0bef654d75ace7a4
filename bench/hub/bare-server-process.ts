/**
 * Child process of the hub benchmark: the baseline, a bare `ws` server doing the same fan-out as
 * the hub with none of its work (no negotiate, auth, validation, database, acks or groups). It
 * speaks just enough of the SignalR JSON protocol for the same clients: answers the handshake with
 * `{}`, and turns each driver's `SendGeolocation` invocation into one `ReceivedDriverGeolocation`
 * record (parsed and serialized once, with a server date, as the hub does) for every dashboard
 * socket (`?role=dashboard`).
 *
 * BARE_COALESCE_MS (25): like the hub, the records of a tick are joined once into one frame that
 * every dashboard gets, at most one frame per this interval (at once after a quiet spell); 0 sends
 * one frame per record to each dashboard.
 */
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";
import { type WebSocket, WebSocketServer } from "ws";
import { serveStats } from "./server-ipc.js";

const RS = "\x1e";
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const coalesceMs = Number(process.env.BARE_COALESCE_MS ?? 25);
const server = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
const dashboards = new Set<WebSocket>();

let pending: string[] = [];
let flushTimer: NodeJS.Timeout | NodeJS.Immediate | undefined;
let lastFlush = 0;

// The same guard as the hub: a dashboard that cannot keep up is dropped, not buffered forever.
function sendAll(frame: string | Buffer) {
  for (const member of dashboards) {
    if (member.bufferedAmount > MAX_BUFFERED_BYTES) member.terminate();
    else member.send(frame, { binary: false });
  }
}

function flush() {
  flushTimer = undefined;
  lastFlush = performance.now();
  const frame = Buffer.from(pending.join(""));
  pending = [];
  sendAll(frame);
}

function fanOut(record: string) {
  if (coalesceMs <= 0) {
    sendAll(record);
    return;
  }
  pending.push(record);
  if (flushTimer) return;
  const wait = lastFlush + coalesceMs - performance.now();
  flushTimer = wait <= 0 ? setImmediate(flush) : setTimeout(flush, wait);
}

wss.on("connection", (socket, request) => {
  const dashboard = (request.url ?? "").includes("role=dashboard");
  let handshaken = false;
  let rest = "";
  socket.on("message", (data) => {
    rest += data.toString();
    const records = rest.split(RS);
    rest = records.pop() ?? "";
    for (const text of records) {
      if (!handshaken) {
        handshaken = true;
        socket.send(`{}${RS}`);
        if (dashboard) dashboards.add(socket);
        continue;
      }
      const message = JSON.parse(text) as { type: number; target?: string; arguments?: unknown[] };
      if (message.type !== 1 || message.target !== "SendGeolocation" || !message.arguments) continue;
      const [intermediateRouteId, latitude, longitude] = message.arguments;
      fanOut(
        `${JSON.stringify({
          type: 1,
          target: "ReceivedDriverGeolocation",
          arguments: [
            { intermediateRouteId, driverId: 0, latitude, longitude, date: new Date().toISOString() },
          ],
        })}${RS}`,
      );
    }
  });
  socket.on("close", () => dashboards.delete(socket));
  socket.on("error", () => dashboards.delete(socket));
});

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("sin dirección");
  serveStats({
    port: address.port,
    async stop() {
      for (const socket of wss.clients) socket.terminate();
      wss.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
});
