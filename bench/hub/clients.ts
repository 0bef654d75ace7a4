/**
 * The benchmark's clients. Drivers are raw `ws` sockets speaking the SignalR JSON protocol (what
 * a driver app sends; 2,000 official clients would mostly measure the client library). Dashboards
 * are raw sockets too by default (same records, Pings every 15 s like the official client): 100
 * official clients in one process could not take 40,000 records/s on the 2 shared cores of the
 * bench machine, so the load generator, not the server, set the latency. The official
 * `@microsoft/signalr` client with BENCH_HUB_DASHBOARD_CLIENT=official.
 */
import { HttpTransportType, HubConnectionBuilder, LogLevel } from "@microsoft/signalr";
import { WebSocket } from "ws";

const RS = "\x1e";
export type Target = { baseUrl: string; kind: "hub" | "bare" };
export type Geolocation = { intermediateRouteId: number; latitude: number };

async function connectionUrl(target: Target, token: string, role: "driver" | "dashboard") {
  const ws = `${target.baseUrl.replace(/^http/, "ws")}/server`;
  if (target.kind === "bare") return `${ws}?role=${role}`;
  const response = await fetch(`${target.baseUrl}/server/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`negotiate respondió ${response.status}`);
  const { connectionToken } = (await response.json()) as { connectionToken: string };
  return `${ws}?id=${encodeURIComponent(connectionToken)}`;
}

/**
 * Opens a raw socket, does the handshake and hands every later frame to `onFrame` (what follows
 * `{}` in the handshake's own frame too).
 */
export async function rawConnection(
  target: Target,
  token: string,
  role: "driver" | "dashboard",
  onFrame: (data: Buffer) => void,
) {
  const socket = new WebSocket(await connectionUrl(target, token, role), {
    headers: target.kind === "hub" ? { authorization: `Bearer ${token}` } : {},
    perMessageDeflate: false,
  });
  let handshaken = false;
  await new Promise<void>((resolve, reject) => {
    socket.once("error", reject);
    socket.once("unexpected-response", (_request, response) =>
      reject(new Error(`upgrade respondió ${response.statusCode}`)),
    );
    socket.on("message", (data: Buffer) => {
      if (handshaken) {
        onFrame(data);
        return;
      }
      const end = data.indexOf(0x1e);
      const record = data.subarray(0, end).toString();
      if (end < 0 || record !== "{}") {
        reject(new Error(`handshake: ${record}`));
        return;
      }
      handshaken = true;
      resolve();
      if (end + 1 < data.length) onFrame(data.subarray(end + 1));
    });
    socket.once("open", () => socket.send(`{"protocol":"json","version":1}${RS}`));
  });
  socket.on("error", () => {});
  // Like the official client: a Ping after 15 s of silence, or the hub drops the connection at 30 s.
  const keepAlive = setInterval(() => socket.send(`{"type":6}${RS}`), 15_000);
  socket.on("close", () => clearInterval(keepAlive));
  return socket;
}

/** Splits frames into records (text), keeping a record split across frames for the next one. */
export function recordSplitter(onRecord: (text: string) => void) {
  let pending = "";
  return (data: Buffer) => {
    pending += data.toString();
    const records = pending.split(RS);
    pending = records.pop() ?? "";
    for (const record of records) onRecord(record);
  };
}

/**
 * A dashboard: raw frames go to `onFrame` (read without JSON.parse), or with the official client
 * every `ReceivedDriverGeolocation` goes to `onPosition`.
 */
export async function connectDashboard(
  target: Target,
  token: string,
  client: "official" | "raw",
  onFrame: (data: Buffer) => void,
  onPosition: (position: Geolocation) => void,
): Promise<{ stop(): Promise<void> }> {
  if (client === "raw") {
    const socket = await rawConnection(target, token, "dashboard", onFrame);
    return {
      async stop() {
        socket.terminate();
      },
    };
  }
  const url = target.kind === "hub" ? `${target.baseUrl}/server` : `${target.baseUrl}/server?role=dashboard`;
  const connection = new HubConnectionBuilder()
    .withUrl(url, {
      transport: HttpTransportType.WebSockets,
      ...(target.kind === "hub" ? { accessTokenFactory: () => token } : { skipNegotiation: true }),
    })
    .configureLogging(LogLevel.None)
    .build();
  connection.on("ReceivedDriverGeolocation", (position: Geolocation) => onPosition(position));
  await connection.start();
  return { stop: () => connection.stop() };
}
