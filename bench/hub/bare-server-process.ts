/**
 * Child process of the hub benchmark: the baseline, a bare `ws` server doing the same fan-out as
 * the hub with none of its work (no negotiate, auth, validation, database or groups). It speaks
 * just enough of the SignalR JSON protocol for the same clients: answers the handshake with `{}`,
 * and turns each driver's `SendGeolocation` invocation into one `ReceivedDriverGeolocation`
 * record (parsed and serialized once, with a server date, as the hub does) sent to every
 * dashboard socket (`?role=dashboard`).
 */
import { createServer } from "node:http";
import { type WebSocket, WebSocketServer } from "ws";
import { serveStats } from "./server-ipc.js";

const RS = "\x1e";
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const server = createServer((_request, response) => response.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
const dashboards = new Set<WebSocket>();

wss.on("connection", (socket, request) => {
  const dashboard = (request.url ?? "").includes("role=dashboard");
  let handshaken = false;
  let pending = "";
  socket.on("message", (data) => {
    pending += data.toString();
    const records = pending.split(RS);
    pending = records.pop() ?? "";
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
      const record = `${JSON.stringify({
        type: 1,
        target: "ReceivedDriverGeolocation",
        arguments: [
          { intermediateRouteId, driverId: 0, latitude, longitude, date: new Date().toISOString() },
        ],
      })}${RS}`;
      // The same guard as the hub: a dashboard that cannot keep up is dropped, not buffered forever.
      for (const member of dashboards) {
        if (member.bufferedAmount > MAX_BUFFERED_BYTES) member.terminate();
        else member.send(record);
      }
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
