import type { TripEvent } from "@treiber/incidents";
import { INCIDENT_THRESHOLD_DEFAULTS, type TripMonitorSnapshot } from "@treiber/incidents";
import { describe, expect, it } from "vitest";
import { transportServices } from "../../src/db/schema.js";
import { branchOfficeTime } from "../../src/lib/branch-office-time.js";
import type { TripWatchUpdate, WatchedTrip } from "../../src/modules/incidents/trip-watch.js";
import { createSafeArrivalDrops } from "../../src/modules/safe-arrival/safe-arrival-drops.js";
import { createEmployee } from "../helpers/route-factories.js";
import { createBranchOffice, testDatabase } from "../helpers/test-app.js";
import { createTrip } from "../hub/hub-test-kit.js";
import { checksOf, MINUTE } from "./safe-arrival-kit.js";

/** A day of the tests, UTC (the branch offices are on UTC here). */
const at = (hhmm: string, day = 10) => Date.parse(`2026-11-${day}T${hhmm}:00.000Z`);
const STOP = { latitude: 18.45, longitude: -69.92 };

const snapshot = (ended = false) =>
  ({
    started: true,
    ended,
    pathSource: "stops",
    nextStopIndex: null,
    arrivals: [],
    open: [],
  }) as unknown as TripMonitorSnapshot;

/**
 * An outbound trip (in the database, its rider boarded) as the monitor hands it to its listeners:
 * one stop, Ana's. `direction` inbound for the trips the check ignores.
 */
async function watchedTrip(
  branchOfficeId: number,
  options: { direction?: "inbound" | "outbound"; boarded?: boolean } = {},
) {
  const { db } = await testDatabase();
  const { trip, route } = await createTrip();
  const ana = await createEmployee({ name: "Ana", lastname: "Féliz" });
  if (options.boarded !== false)
    await db
      .insert(transportServices)
      .values({ intermediateRouteId: trip.id, employeeId: ana.id, status: "Boarded" });
  const watched: WatchedTrip = {
    intermediateRouteId: trip.id,
    routeId: route.id,
    routeName: route.name,
    branchOfficeId,
    stops: [{ name: "Parada Ana", plannedAt: 0, employeeIds: [ana.id] }],
    plan: {
      direction: options.direction ?? "outbound",
      plannedDepartureAt: null,
      stops: [{ ...STOP, plannedAt: 0, riderIds: [ana.id] }],
      workplace: { latitude: 18.4, longitude: -69.92, plannedAt: null },
      seats: null,
      speedKmh: 30,
    },
    thresholds: INCIDENT_THRESHOLD_DEFAULTS,
  };
  return { watched, tripId: trip.id, ana };
}

const update = (trip: WatchedTrip, event: TripEvent, now: number, ended = false): TripWatchUpdate => ({
  trip,
  event,
  snapshot: snapshot(ended),
  transitions: [],
  now,
});

/** The bus at Ana's stop at `when`: the check it records, if any. */
async function dropAt(branchOfficeId: number, when: number) {
  const drops = createSafeArrivalDrops({
    db: (await testDatabase()).db,
    time: branchOfficeTime(() => 0),
    log: { error: () => {} },
  });
  const { watched, tripId, ana } = await watchedTrip(branchOfficeId);
  await drops.listener(update(watched, { kind: "position", at: when, ...STOP }, when));
  return (await checksOf(tripId)).get(ana.id);
}

describe("safe arrival: the night window and which drops count", () => {
  it("the default window 20:00–06:00: from 20:00 included to 06:00 excluded, across midnight", async () => {
    const office = await createBranchOffice();
    expect(await dropAt(office.id, at("19:59"))).toBeUndefined();
    const first = await dropAt(office.id, at("20:00"));
    expect(first).toBeDefined();
    expect(first?.askAt.getTime()).toBe(at("20:20"));
    expect(first?.escalateAt.getTime()).toBe(at("20:35"));
    expect(first?.serviceDay).toBe("2026-11-10");
    expect(await dropAt(office.id, at("23:59"))).toBeDefined();
    expect(await dropAt(office.id, at("00:00", 11))).toBeDefined();
    expect(await dropAt(office.id, at("05:59", 11))).toBeDefined();
    expect(await dropAt(office.id, at("06:00", 11))).toBeUndefined();
    expect(await dropAt(office.id, at("12:00", 11))).toBeUndefined();
  });

  it("a branch office's own window and delays", async () => {
    const office = await createBranchOffice({
      nightStart: "22:30",
      nightEnd: "23:00",
      safeArrivalAskMinutes: 5,
      safeArrivalWaitMinutes: 2,
    });
    expect(await dropAt(office.id, at("22:29"))).toBeUndefined();
    const check = await dropAt(office.id, at("22:30"));
    expect(check?.askAt.getTime()).toBe(at("22:35"));
    expect(check?.escalateAt.getTime()).toBe(at("22:37"));
    expect(await dropAt(office.id, at("22:59"))).toBeDefined();
    expect(await dropAt(office.id, at("23:00"))).toBeUndefined();
  });

  it("ignores inbound trips and riders who never boarded; the same update twice records one check", async () => {
    const { db } = await testDatabase();
    const office = await createBranchOffice();
    const drops = createSafeArrivalDrops({ db, time: branchOfficeTime(() => 0), log: { error: () => {} } });
    const when = at("21:00");
    const inbound = await watchedTrip(office.id, { direction: "inbound" });
    await drops.listener(update(inbound.watched, { kind: "position", at: when, ...STOP }, when));
    expect((await checksOf(inbound.tripId)).size).toBe(0);
    const notBoarded = await watchedTrip(office.id, { boarded: false });
    await drops.listener(update(notBoarded.watched, { kind: "position", at: when, ...STOP }, when));
    await drops.listener(update(notBoarded.watched, { kind: "end", at: when + MINUTE }, when + MINUTE, true));
    expect((await checksOf(notBoarded.tripId)).size).toBe(0);

    // Two instances (two listeners) and the same update twice: one check.
    const other = createSafeArrivalDrops({ db, time: branchOfficeTime(() => 0), log: { error: () => {} } });
    const trip = await watchedTrip(office.id);
    const position = update(trip.watched, { kind: "position", at: when, ...STOP }, when);
    await Promise.all([drops.listener(position), drops.listener(position), other.listener(position)]);
    expect((await checksOf(trip.tripId)).size).toBe(1);
  });

  it("a trip that ends before the rider's stop leaves them where the bus was, at the end's time", async () => {
    const { db } = await testDatabase();
    const office = await createBranchOffice();
    const drops = createSafeArrivalDrops({ db, time: branchOfficeTime(() => 0), log: { error: () => {} } });
    const { watched, tripId, ana } = await watchedTrip(office.id);
    const far = { latitude: 18.42, longitude: -69.92 };
    await drops.listener(update(watched, { kind: "position", at: at("23:10"), ...far }, at("23:10")));
    expect((await checksOf(tripId)).size).toBe(0);
    await drops.listener(update(watched, { kind: "end", at: at("23:12") }, at("23:12"), true));
    const check = (await checksOf(tripId)).get(ana.id);
    expect(check).toMatchObject({ stopName: "Parada Ana", latitude: 18.42, longitude: -69.92 });
    expect(check?.droppedAt.getTime()).toBe(at("23:12"));
  });
});
