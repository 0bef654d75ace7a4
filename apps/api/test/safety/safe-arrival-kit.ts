import { randomUUID } from "node:crypto";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../src/app.js";
import {
  pushSubscriptions,
  routeDrivers,
  routeEmployees,
  routeStopRiders,
  routeStops,
  safeArrivalChecks,
  transportServices,
} from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { createPushRepository } from "../../src/modules/push/push-repository.js";
import { createPushSender, type PushSender } from "../../src/modules/push/push-sender.js";
import type { RealtimeBus } from "../../src/realtime/realtime-bus.js";
import { type PhoneKeys, startLocalPushService } from "../helpers/local-push-service.js";
import { signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { createShift } from "../helpers/plan-factories.js";
import { createDestination, createRoute } from "../helpers/route-factories.js";
import { createBranchOffice, testConfig, testDatabase } from "../helpers/test-app.js";

export const MINUTE = 60_000;
/** The clock of the monitor and the safe-arrival sweep, moved by hand (never a sleep). */
export type TestClock = { now: number };

/** A real app on a free port: the monitor and the safe-arrival answers read `clock`, branch offices on UTC. */
export async function startSafeArrivalApp(
  clock: TestClock,
  options: { realtime?: RealtimeBus; push?: PushSender } = {},
) {
  const app = await buildApp({
    config: testConfig(),
    database: await testDatabase(),
    logger: false,
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
    queuedPositions: { burst: 10_000 },
    ...(options.realtime && { realtime: options.realtime }),
    ...(options.push && { push: options.push }),
    branchOfficeOffsetAt: () => 0,
    incidents: { now: () => clock.now },
    safeArrival: { now: () => clock.now },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  return app;
}

/** The local push service (VAPID checked, payload decrypted) and the app's own sender reaching it. */
export async function localPush(phones: Record<string, PhoneKeys>) {
  const { db } = await testDatabase();
  const config = testConfig({ PUSH_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" });
  const service = await startLocalPushService({ vapidPublicKey: config.vapid.publicKey, phones });
  const errors: unknown[] = [];
  const sender = createPushSender({
    repository: createPushRepository(db),
    vapid: config.vapid,
    log: { warn: (object: object) => errors.push(object) },
    ca: service.ca,
    allowedPrivateHosts: config.pushAllowedPrivateHosts,
  });
  return { service, sender, errors };
}

/** Subscribes a user's phone to the local push service at `path`. */
export async function subscribePhone(userId: number, origin: string, path: string, phone: PhoneKeys) {
  const { db } = await testDatabase();
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: `${origin}${path}`, p256dh: phone.p256dh, auth: phone.auth });
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The UTC `HH:mm` of an instant (the tests' branch offices are on UTC). */
export const hhmm = (at: number) => {
  const d = new Date(at);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

/** Outbound: the workplace south, then three stops going north along longitude −69.90 (~2.2 km apart). */
export const LINE_LONGITUDE = -69.9;
export const WORKPLACE_LATITUDE = 18.38;
export const STOP_LATITUDES = [18.4, 18.42, 18.44];

/**
 * An outbound trip in progress (started through the API at `clock.now − 20 min`) of a new branch
 * office whose night window is `night` (default: around the trip, whatever the real hour): riders
 * Ana (stop 1), Beto (stop 2) and Caro (stop 3) boarded, Dora (stop 3) never boarded.
 */
export async function outboundTrip(
  app: FastifyInstance,
  clock: TestClock,
  night?: { nightStart: string; nightEnd: string },
) {
  const { db } = await testDatabase();
  const startedAt = clock.now - 20 * MINUTE;
  const office = await createBranchOffice(
    night ?? { nightStart: hhmm(startedAt - 60 * MINUTE), nightEnd: hhmm(startedAt + 3 * 60 * MINUTE) },
  );
  const driver = await signedInDriver(app);
  const shift = await createShift({
    branchOfficeId: office.id,
    direction: "outbound",
    time: hhmm(startedAt),
    dayIds: [1, 2, 3, 4, 5, 6, 7],
  });
  const destination = await createDestination({ latitude: WORKPLACE_LATITUDE, longitude: LINE_LONGITUDE });
  const route = await createRoute({
    destinationId: destination.id,
    shiftId: shift.id,
    departureTime: hhmm(startedAt),
    status: "active",
    dayIds: [1, 2, 3, 4, 5, 6, 7],
  });
  const stops = await db
    .insert(routeStops)
    .values(
      STOP_LATITUDES.map((latitude, index) => ({
        routeId: route.id,
        position: index + 1,
        name: `Parada ${index + 1}`,
        latitude,
        longitude: LINE_LONGITUDE,
        plannedTime: hhmm(startedAt + (index + 1) * 5 * MINUTE),
      })),
    )
    .returning();
  await db.insert(routeDrivers).values({ routeId: route.id, driverId: driver.driver.id });
  const riders = {
    ana: await signedInCollaborator(app, { name: "Ana", lastname: "Féliz" }),
    beto: await signedInCollaborator(app, { name: "Beto", lastname: "Díaz" }),
    caro: await signedInCollaborator(app, { name: "Caro", lastname: "Peña" }),
    dora: await signedInCollaborator(app, { name: "Dora", lastname: "Mejía" }),
  };
  const stopOf = { ana: 0, beto: 1, caro: 2, dora: 2 } as const;
  for (const [key, rider] of Object.entries(riders)) {
    const stop = stops[stopOf[key as keyof typeof stopOf]];
    if (!stop) throw new Error("no stop");
    await db.insert(routeEmployees).values({ routeId: route.id, employeeId: rider.employee.id });
    await db
      .insert(routeStopRiders)
      .values({ routeId: route.id, employeeId: rider.employee.id, stopId: stop.id });
  }
  const response = await app.inject({
    method: "PUT",
    url: API.intermediateRoute.start.path,
    headers: driver.session.headers,
    payload: { routeId: route.id, startedAt: new Date(startedAt).toISOString() },
  });
  expect(response.statusCode, response.body).toBe(200);
  const tripId = response.json().intermediateRoute.id as number;
  for (const rider of [riders.ana, riders.beto, riders.caro])
    await db.insert(transportServices).values({
      intermediateRouteId: tripId,
      employeeId: rider.employee.id,
      status: "Boarded",
      scannedAt: new Date(startedAt),
      boardingMethod: "qr",
    });
  await app.incidentMonitor.idle();
  return { office, route, driver, riders, tripId, startedAt };
}

/**
 * Drives the bus north from `fromLatitude` to `toLatitude` (~220 m every 20 s) through the real
 * REST endpoint, the clock following the positions; returns the last position's time.
 */
export async function drive(
  app: FastifyInstance,
  clock: TestClock,
  trip: Awaited<ReturnType<typeof outboundTrip>>,
  from: { latitude: number; at: number },
  toLatitude: number,
) {
  let { latitude, at } = from;
  for (; latitude <= toLatitude + 1e-9; latitude += 0.002, at += 20_000) {
    clock.now = at;
    const response = await app.inject({
      method: "POST",
      url: API.intermediateRoute.position.path,
      headers: trip.driver.session.headers,
      payload: {
        intermediateRouteId: trip.tripId,
        latitude,
        longitude: LINE_LONGITUDE,
        recordedAt: new Date(at).toISOString(),
        actionId: randomUUID(),
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    await app.incidentMonitor.idle();
    await app.safeArrival.settled();
  }
  return at - 20_000;
}

/** The safe-arrival checks of a trip, by employee id. */
export async function checksOf(tripId: number) {
  const { db } = await testDatabase();
  const rows = await db
    .select()
    .from(safeArrivalChecks)
    .where(eq(safeArrivalChecks.intermediateRouteId, tripId));
  return new Map(rows.map((row) => [row.employeeId, row]));
}
