import type { ApiEndpoint } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/app.js";
import type { Database } from "../../src/db/client.js";
import { employees, routeStopRiders, routeStops } from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import type { RealtimeBus } from "../../src/realtime/realtime-bus.js";
import { signedInCollaborator } from "./operation-factories.js";
import { addDrivers, addRiders, createShift } from "./plan-factories.js";
import { createRoute } from "./route-factories.js";
import { type SignedIn, testConfig, testDatabase } from "./test-app.js";

type Tuple<T, N extends number, R extends T[] = []> = R["length"] extends N ? R : Tuple<T, N, [T, ...R]>;

/** The first `n` items as a tuple (throws when there are fewer): `const [a, b] = take(riders, 2)`. */
export function take<T, N extends number>(items: readonly T[], n: N): Tuple<T, N> {
  if (items.length < n) throw new Error(`se esperaban ${n} elementos y hay ${items.length}`);
  return items.slice(0, n) as Tuple<T, N>;
}

/** The bookings' clock, moved by hand (never a sleep). */
export type TestClock = { now: number };
export const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * An app whose bookings read `clock` and whose branch offices are `offsetMinutes` behind UTC
 * (240: UTC−4, Santo Domingo), on the worker's test database unless given another.
 */
export async function bookingApp(
  clock: TestClock,
  options: {
    offsetMinutes?: number;
    realtime?: RealtimeBus;
    database?: Database;
    /** Settings over the test ones (ROUTING_URL for the road network). */
    env?: Record<string, string>;
  } = {},
) {
  const app = await buildApp({
    config: testConfig(options.env),
    database: options.database ?? (await testDatabase()),
    logger: false,
    throttle: createSignInThrottle({ ip: { free: 100_000 } }),
    branchOfficeOffsetAt: () => options.offsetMinutes ?? 240,
    bookings: { now: () => clock.now },
    ...(options.realtime && { realtime: options.realtime }),
  });
  await app.ready();
  return app;
}

/** A shift running every day (of its own branch office unless given), with its booking rules. */
export const bookingShift = (values: Parameters<typeof createShift>[0] = {}) =>
  createShift({ dayIds: ALL_DAYS, ...values });

type StopSpec = { name: string; time: string; latitude?: number; longitude?: number; riders?: number[] };

/** A route running every day unless told, with its riders, drivers and stops (their riders on them). */
export async function bookingRoute(options: {
  shiftId?: number | null;
  seats?: number | null;
  departureTime?: string;
  dayIds?: number[];
  riders?: number[];
  drivers?: number[];
  stops?: StopSpec[];
  status?: "active" | "inactive";
  destinationId?: number;
}) {
  const route = await createRoute({
    shiftId: options.shiftId ?? null,
    seats: options.seats ?? null,
    departureTime: options.departureTime ?? "07:30",
    dayIds: options.dayIds ?? ALL_DAYS,
    status: options.status ?? "active",
    ...(options.destinationId && { destinationId: options.destinationId }),
  });
  const stopRiders = (options.stops ?? []).flatMap((stop) => stop.riders ?? []);
  const riders = [...new Set([...(options.riders ?? []), ...stopRiders])];
  if (riders.length > 0) await addRiders(route.id, riders);
  if (options.drivers?.length) await addDrivers(route.id, options.drivers);
  const { db } = await testDatabase();
  for (const [i, stop] of (options.stops ?? []).entries()) {
    const [row] = await db
      .insert(routeStops)
      .values({
        routeId: route.id,
        position: i + 1,
        name: stop.name,
        latitude: stop.latitude ?? 18.45 + i * 0.01,
        longitude: stop.longitude ?? -69.93,
        plannedTime: stop.time,
      })
      .returning();
    if (!row) throw new Error("no stop");
    for (const employeeId of stop.riders ?? []) {
      await db.insert(routeStopRiders).values({ routeId: route.id, employeeId, stopId: row.id });
    }
  }
  return route;
}

/** A signed-in collaborator of the branch office (home optional). */
export async function bookingRider(
  app: FastifyInstance,
  branchOfficeId: number | null,
  values: { name?: string; latitude?: number; longitude?: number } = {},
) {
  const rider = await signedInCollaborator(app, { name: values.name ?? "Ana" });
  const { db } = await testDatabase();
  await db
    .update(employees)
    .set({ branchOfficeId, latitude: values.latitude ?? null, longitude: values.longitude ?? null })
    .where(eq(employees.id, rider.employee.id));
  return rider;
}

/** A call with the apps' headers; the JSON answer and its status. */
export async function call(
  app: FastifyInstance,
  session: SignedIn,
  endpoint: ApiEndpoint,
  input: { body?: object; query?: Record<string, string | number>; gmt?: string } = {},
) {
  const query = input.query
    ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)])).toString()}`
    : "";
  const response = await app.inject({
    method: endpoint.method,
    url: `${endpoint.path}${query}`,
    headers: { ...session.headers, gmt: input.gmt ?? session.headers.gmt },
    ...(input.body && { payload: input.body }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}
