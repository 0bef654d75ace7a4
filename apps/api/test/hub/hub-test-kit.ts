import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from "@microsoft/signalr";
import type { FastifyInstance } from "fastify";
import { WebSocket } from "ws";
import { buildApp } from "../../src/app.js";
import { intermediateRoutes } from "../../src/db/schema.js";
import type { HubOptions } from "../../src/hub/hub-server.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import type { PushSender } from "../../src/modules/push/push-sender.js";
import type { RealtimeBus } from "../../src/realtime/realtime-bus.js";
import { createDriver, createRoute } from "../helpers/route-factories.js";
import { testConfig, testDatabase } from "../helpers/test-app.js";

export const RS = "\x1e";

/** A real app listening on a free (or given) port of 127.0.0.1. */
export async function startApp(
  options: {
    hub?: HubOptions;
    realtime?: RealtimeBus;
    port?: number;
    corsOrigins?: string;
    /** Web Push to a local push service (rider notices). */
    push?: PushSender;
  } = {},
) {
  const app = await buildApp({
    config: testConfig(options.corsOrigins ? { CORS_ORIGINS: options.corsOrigins } : {}),
    database: await testDatabase(),
    logger: false,
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
    realtime: options.realtime,
    hub: options.hub,
    push: options.push,
  });
  await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return { app, port: address.port, baseUrl: `http://127.0.0.1:${address.port}` };
}

/** The official client, as a Node app would use it (Authorization header, WebSockets only). */
export function officialClient(
  baseUrl: string,
  token: string | (() => string),
  reconnectDelays?: number[],
): HubConnection {
  const builder = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/server`, {
      accessTokenFactory: typeof token === "function" ? token : () => token,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None);
  if (reconnectDelays) builder.withAutomaticReconnect(reconnectDelays);
  return builder.build();
}

export async function negotiate(baseUrl: string, token?: string) {
  return fetch(`${baseUrl}/server/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A raw WebSocket client (as a browser connects: `access_token` query) that collects records. */
export async function rawClient(baseUrl: string, token: string, options: { negotiate?: boolean } = {}) {
  let query = `access_token=${encodeURIComponent(token)}`;
  if (options.negotiate !== false) {
    const response = await negotiate(baseUrl, token);
    if (response.status !== 200) throw new Error(`negotiate ${response.status}`);
    const body = (await response.json()) as { connectionToken: string };
    query = `id=${encodeURIComponent(body.connectionToken)}&${query}`;
  }
  const socket = new WebSocket(`${baseUrl.replace("http", "ws")}/server?${query}`);
  const records: string[] = [];
  /** Every frame as received (a frame may hold several records). */
  const frames: string[] = [];
  const waiters: Array<() => void> = [];
  let pending = "";
  socket.on("message", (data, isBinary) => {
    if (isBinary) throw new Error("the hub must send text frames");
    frames.push(data.toString());
    pending += data.toString();
    const parts = pending.split(RS);
    pending = parts.pop() ?? "";
    records.push(...parts);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) => socket.on("close", (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  return {
    socket,
    records,
    frames,
    closed,
    send(text: string) {
      socket.send(text);
    },
    /** The first record (parsed) satisfying `match`, waiting for it if needed. */
    async next<T = Record<string, unknown>>(match: (record: T) => boolean = () => true): Promise<T> {
      for (;;) {
        const index = records.findIndex((record) => match(JSON.parse(record) as T));
        if (index >= 0) return JSON.parse(records.splice(index, 1)[0] as string) as T;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
  };
}

/** Opens a raw socket and expects the upgrade to be refused with `status`. */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.on("unexpected-response", (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.on("open", () => {
      socket.close();
      reject(new Error("upgrade accepted"));
    });
    socket.on("error", () => {});
  });
}

/** A trip in progress of a new driver on a new route (inserted directly). */
export async function createTrip(
  options: { driver?: Awaited<ReturnType<typeof createDriver>>; status?: "InProgress" | "Finished" } = {},
) {
  const { db } = await testDatabase();
  const driver = options.driver ?? (await createDriver());
  const route = await createRoute();
  const status = options.status ?? "InProgress";
  const [trip] = await db
    .insert(intermediateRoutes)
    .values({
      routeId: route.id,
      driverId: driver.id,
      supplierId: driver.supplierId,
      status,
      cost: "12.50",
      startedAt: new Date(Date.now() - 3_600_000),
      endedAt: status === "Finished" ? new Date() : null,
    })
    .returning();
  if (!trip) throw new Error("no trip");
  return { trip, driver, route };
}

/** Resolves with the arguments of the next `event` the connection receives. */
export function nextEvent(connection: HubConnection, event: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const handler = (...args: unknown[]) => {
      connection.off(event, handler);
      resolve(args);
    };
    connection.on(event, handler);
  });
}

export async function closeAll(...apps: Array<FastifyInstance | undefined>) {
  await Promise.all(apps.map((app) => app?.close()));
}
