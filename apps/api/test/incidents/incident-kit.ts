import { randomUUID } from "node:crypto";
import { HttpTransportType, type HubConnection, HubConnectionBuilder, LogLevel } from "@microsoft/signalr";
import { HUB_EVENTS, type IncidentItem } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import { incidents, routeDrivers, routeStops, routes } from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import type { RealtimeBus } from "../../src/realtime/realtime-bus.js";
import { createShift } from "../helpers/plan-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { createBranchOffice, type SignedIn, testConfig, testDatabase } from "../helpers/test-app.js";

/** The monitor's clock, moved by hand (never a sleep). */
export type TestClock = { now: number };

/** A real app on a free port whose incident monitor reads `clock` and UTC as the branch offices' zone. */
export async function startIncidentApp(clock: TestClock, options: { realtime?: RealtimeBus } = {}) {
  const app = await buildApp({
    config: testConfig(),
    database: await testDatabase(),
    logger: false,
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
    queuedPositions: { burst: 10_000 },
    ...(options.realtime && { realtime: options.realtime }),
    branchOfficeOffsetAt: () => 0,
    incidents: { now: () => clock.now },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The UTC `HH:mm` of an instant (the tests' branch offices are on UTC). */
export const hhmm = (at: number) => {
  const d = new Date(at);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};
/** ISO weekday (1 = Monday) of an instant's UTC day. */
export const isoWeekday = (at: number) => ((new Date(at).getUTCDay() + 6) % 7) + 1;

/** Stops going north along longitude −69.90 (about 2.2 km apart), the workplace beyond the last. */
export const LINE_LONGITUDE = -69.9;
export const STOP_LATITUDES = [18.4, 18.42, 18.44];
export const WORKPLACE = { latitude: 18.46, longitude: LINE_LONGITUDE };

/**
 * An active inbound route of a new branch office with three stops planned from `firstStopAt`
 * (20 minutes apart), the workplace 20 minutes after the last, running every day, and `driverId`
 * assigned. `seats` and the departure are the route's.
 */
export async function plannedRoute(options: {
  driverId: number;
  firstStopAt: number;
  seats?: number;
  departureAt?: number;
  withStops?: boolean;
}) {
  const { db } = await testDatabase();
  const office = await createBranchOffice();
  const shift = await createShift({
    branchOfficeId: office.id,
    direction: "inbound",
    time: hhmm(options.firstStopAt + 60 * 60_000),
    dayIds: [1, 2, 3, 4, 5, 6, 7],
  });
  const destination = await createDestination(WORKPLACE);
  const route = await createRoute({
    destinationId: destination.id,
    shiftId: shift.id,
    departureTime: hhmm(options.departureAt ?? options.firstStopAt),
    status: "active",
    dayIds: [1, 2, 3, 4, 5, 6, 7],
    ...(options.seats && { seats: options.seats }),
  });
  if (options.withStops !== false) {
    await db.insert(routeStops).values(
      STOP_LATITUDES.map((latitude, index) => ({
        routeId: route.id,
        position: index + 1,
        name: `Parada ${index + 1}`,
        latitude,
        longitude: LINE_LONGITUDE,
        plannedTime: hhmm(options.firstStopAt + index * 20 * 60_000),
      })),
    );
  }
  await db.insert(routeDrivers).values({ routeId: route.id, driverId: options.driverId });
  return { office, shift, route };
}

/** Sets a branch office's thresholds through the API (LATE far away unless told). */
export async function setThresholds(
  app: FastifyInstance,
  admin: SignedIn,
  branchOfficeId: number,
  values: Record<string, number> = {},
) {
  const response = await app.inject({
    method: "PUT",
    url: API.incident.saveThresholds.path,
    headers: admin.headers,
    payload: {
      branchOfficeId,
      notStartedMinutes: 10,
      lateMinutes: 120,
      offRouteMeters: 300,
      offRouteSeconds: 60,
      offRoutePositions: 3,
      onRouteMeters: 200,
      onRoutePositions: 3,
      longDwellMinutes: 10,
      noGpsMinutes: 2,
      replayHorizonMinutes: 15,
      reopenAfterMinutes: 2,
      ...values,
    },
  });
  if (response.statusCode !== 200) throw new Error(`thresholds ${response.statusCode} ${response.body}`);
}

/** Sends one position through the real REST endpoint as Treiber App's outbox does (device time, action id). */
export async function sendPosition(
  app: FastifyInstance,
  driver: SignedIn,
  intermediateRouteId: number,
  point: { latitude: number; longitude: number },
  recordedAt: number,
) {
  return app.inject({
    method: "POST",
    url: API.intermediateRoute.position.path,
    headers: driver.headers,
    payload: {
      intermediateRouteId,
      ...point,
      recordedAt: new Date(recordedAt).toISOString(),
      actionId: randomUUID(),
    },
  });
}

/** The official SignalR client as an admin, collecting every `ReceiveIncident`. */
export async function adminListener(baseUrl: string, token: string) {
  const connection: HubConnection = new HubConnectionBuilder()
    .withUrl(`${baseUrl}/server`, {
      accessTokenFactory: () => token,
      transport: HttpTransportType.WebSockets,
    })
    .configureLogging(LogLevel.None)
    .build();
  const received: IncidentItem[] = [];
  connection.on(HUB_EVENTS.receiveIncident, (item: IncidentItem) => received.push(item));
  await connection.start();
  return { connection, received };
}

/** The incidents stored for a trip (or a route's NOT_STARTED). */
export async function storedIncidents(where: { intermediateRouteId?: number; routeId?: number }) {
  const { db } = await testDatabase();
  return db
    .select()
    .from(incidents)
    .where(
      and(
        where.intermediateRouteId === undefined
          ? undefined
          : eq(incidents.intermediateRouteId, where.intermediateRouteId),
        where.routeId === undefined ? undefined : eq(incidents.routeId, where.routeId),
      ),
    )
    .orderBy(incidents.id);
}

export { routes };
