import { describe, expect, it } from "vitest";
import { drive, relaxed, road, SECOND, stay, stopsAt } from "./test-support/hand-drive.js";
import { geo, HandTrip, handPlan, MINUTE, T0 } from "./test-support/hand-trip.js";
import type { TripPlan } from "./types.js";

// The timer's rules, boardings, LONG_DWELL and LATE, and bad input, on the straight road of
// hand-drive.ts (OFF_ROUTE and the stops' rules have their own files).

describe("NOT_STARTED", () => {
  it("opens on the tick 10 min after the planned departure and closes when the trip starts", () => {
    const trip = new HandTrip(relaxed());
    expect(trip.tick(T0 + 10 * MINUTE - SECOND)).toEqual([]);
    expect(trip.tick(T0 + 10 * MINUTE)).toMatchObject([
      { action: "open", type: "NOT_STARTED", at: T0 + 10 * MINUTE },
    ]);
    expect(trip.tick(T0 + 11 * MINUTE)).toEqual([]);
    expect(trip.send({ kind: "start", at: T0 + 12 * MINUTE }, T0 + 12 * MINUTE)).toMatchObject([
      { action: "close", type: "NOT_STARTED", reason: "cleared", at: T0 + 12 * MINUTE },
    ]);
  });

  it("does not open for a trip that started on time", () => {
    const trip = new HandTrip(relaxed());
    trip.send({ kind: "start", at: T0 + MINUTE }, T0 + MINUTE);
    for (let t = T0; t < T0 + 30 * MINUTE; t += 10 * SECOND) trip.tick(t);
    expect(trip.opened("NOT_STARTED")).toEqual([]);
  });
});

describe("OVER_CAPACITY", () => {
  it("opens once on the boarding beyond the seats (a rider scanned twice counts once) and closes at the end", () => {
    const trip = new HandTrip(relaxed([[1, 2], [3], [4], []], 2));
    trip.send({ kind: "start", at: T0 }, T0);
    expect(trip.send({ kind: "boarding", at: T0 + SECOND, riderId: 1 }, T0 + SECOND)).toEqual([]);
    expect(trip.send({ kind: "boarding", at: T0 + 2 * SECOND, riderId: 2 }, T0 + 2 * SECOND)).toEqual([]);
    expect(trip.send({ kind: "boarding", at: T0 + 3 * SECOND, riderId: 2 }, T0 + 3 * SECOND)).toEqual([]);
    expect(trip.send({ kind: "boarding", at: T0 + 4 * SECOND, riderId: 3 }, T0 + 4 * SECOND)).toMatchObject([
      { action: "open", type: "OVER_CAPACITY", detail: { boardings: 3, seats: 2 } },
    ]);
    expect(trip.send({ kind: "boarding", at: T0 + 5 * SECOND }, T0 + 5 * SECOND)).toEqual([]);
    expect(trip.send({ kind: "end", at: T0 + MINUTE }, T0 + MINUTE)).toMatchObject([
      { action: "close", type: "OVER_CAPACITY", reason: "trip-ended" },
    ]);
  });
});

describe("NO_GPS and positions sent late", () => {
  it("opens 2 min after the last position (on a tick) and closes when positions come again", () => {
    const trip = new HandTrip(relaxed());
    trip.send({ kind: "start", at: T0 }, T0);
    const last = drive(trip, 0, 800, T0);
    for (let t = last; t < last + 2 * MINUTE; t += 10 * SECOND) trip.tick(t);
    expect(trip.opened()).toEqual([]);
    expect(trip.tick(last + 2 * MINUTE)).toMatchObject([
      { action: "open", type: "NO_GPS", at: last + 2 * MINUTE },
    ]);
    // The phone was offline: what it took comes now, with its own (older) times.
    const now = last + 4 * MINUTE;
    expect(trip.position(900, 0, last + 20 * SECOND, now)).toMatchObject([
      { action: "close", type: "NO_GPS", at: now },
    ]);
    drive(trip, 1000, 2000, last + 30 * SECOND, { every: 10 });
    expect(trip.opened()).toHaveLength(1);
  });

  it("a phone that replays positions older than 15 min raises nothing from them", () => {
    const trip = new HandTrip(relaxed());
    trip.send({ kind: "start", at: T0 }, T0);
    const last = drive(trip, 0, 700, T0);
    // Offline 40 min. Meanwhile it drove 1 km off the road and stood there 12 min; all of that
    // arrives when it is back, more than 15 min later.
    for (let t = last; t <= last + 40 * MINUTE; t += 10 * SECOND) trip.tick(t);
    expect(trip.opened().map((x) => x.type)).toEqual(["NO_GPS"]);
    const now = last + 40 * MINUTE;
    const t = drive(trip, 700, 1400, last + 10 * SECOND, { y: 1000, now }) + 10 * SECOND;
    stay(trip, 1400, 1000, t, 12 * 60, { now });
    expect(trip.opened().map((x) => x.type)).toEqual(["NO_GPS"]);
    expect(trip.log.at(-1)).toMatchObject({ action: "close", type: "NO_GPS", at: now });
    // Still off the road in positions taken within the last 15 min: that counts, from the first.
    const recent = now - 14 * MINUTE;
    drive(trip, 1400, 2100, recent, { y: 1000, now });
    expect(trip.opened("OFF_ROUTE")).toMatchObject([{ at: recent }]);
  });
});

describe("LONG_DWELL", () => {
  it("opens after 10 min stopped away from the stops and closes when the bus moves", () => {
    const trip = new HandTrip(relaxed());
    trip.send({ kind: "start", at: T0 }, T0);
    let t = drive(trip, 0, 2100, T0) + 10 * SECOND;
    const stoppedAt = t;
    t = stay(trip, 2200, 0, t, 12 * 60);
    expect(trip.opened()).toMatchObject([
      { type: "LONG_DWELL", at: stoppedAt + 10 * MINUTE, detail: { dwellMinutes: 10 } },
    ]);
    drive(trip, 2270, 2500, t + 10 * SECOND);
    expect(trip.log.at(-1)).toMatchObject({ action: "close", type: "LONG_DWELL", reason: "cleared" });
  });

  it("a long stop at a stop or at the workplace is not one", () => {
    const trip = new HandTrip(relaxed());
    trip.send({ kind: "start", at: T0 }, T0);
    let t = drive(trip, 0, 2970, T0) + 10 * SECOND;
    t = stay(trip, 3000, 0, t, 15 * 60) + 10 * SECOND;
    t = drive(trip, 3070, 6000, t) + 10 * SECOND;
    stay(trip, 6000, 30, t, 15 * 60);
    expect(trip.opened()).toEqual([]);
  });
});

describe("LATE", () => {
  it("opens when the predicted arrival at the next stop or the workplace is over 10 min after its time", () => {
    const plan = handPlan(road, stopsAt(), { minutesApart: 5 });
    const trip = new HandTrip(plan);
    trip.send({ kind: "start", at: T0 }, T0);
    const t = drive(trip, 0, 1400, T0) + 10 * SECOND;
    expect(trip.opened()).toEqual([]);
    // A jam: 1.5 m/s from here on.
    drive(trip, 1410, 6000, t, { speed: 1.5 });
    const [late] = trip.opened("LATE");
    expect(late).toBeDefined();
    expect(late?.detail.lateMinutes).toBeGreaterThanOrEqual(10);
    const snapshotAtOpen = (late?.at ?? 0) - T0;
    // It cannot open later than the time the bus is 10 min late at a stop it has not reached.
    expect(snapshotAtOpen).toBeLessThanOrEqual(20 * MINUTE);
    expect(trip.opened("LATE")).toHaveLength(1);
  });

  it("predicts each remaining stop and the workplace", () => {
    const trip = new HandTrip(handPlan(road, stopsAt(), { minutesApart: 5 }));
    trip.send({ kind: "start", at: T0 }, T0);
    const t = drive(trip, 0, 1600, T0);
    const snapshot = trip.monitor.snapshot(t);
    expect(snapshot.pathSource).toBe("trace");
    expect(snapshot.nextStopIndex).toBe(2);
    expect(snapshot.arrivals.map((a) => a.stopIndex)).toEqual([2, 3, null]);
    const times = snapshot.arrivals.map((a) => a.predictedAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(snapshot.progressMeters).toBeGreaterThan(1500);
  });
});

describe("a trip without stops", () => {
  const plan: TripPlan = { ...relaxed(undefined, 1), stops: [] };

  it("raises only NOT_STARTED, NO_GPS and OVER_CAPACITY", () => {
    const trip = new HandTrip(plan);
    trip.tick(T0 + 10 * MINUTE);
    trip.send({ kind: "start", at: T0 + 11 * MINUTE }, T0 + 11 * MINUTE);
    let t = drive(trip, 0, 3000, T0 + 11 * MINUTE, { y: 2000 });
    t = stay(trip, 3000, 2000, t + 10 * SECOND, 20 * 60);
    trip.tick(t + 3 * MINUTE);
    trip.send({ kind: "boarding", at: t + 4 * MINUTE, riderId: 7 }, t + 4 * MINUTE);
    trip.send({ kind: "boarding", at: t + 4 * MINUTE, riderId: 8 }, t + 4 * MINUTE);
    trip.send({ kind: "end", at: t + 5 * MINUTE }, t + 5 * MINUTE);
    expect(trip.opened().map((x) => x.type)).toEqual(["NOT_STARTED", "NO_GPS", "OVER_CAPACITY"]);
    expect(trip.monitor.openIncidents()).toEqual([]);
  });
});

describe("bad input", () => {
  it("ignores broken, early, duplicated, older and after-the-end events without incidents", () => {
    const trip = new HandTrip(relaxed([[], [1], [], []]));
    trip.position(0, 0, T0 - MINUTE); // before the start
    trip.send({ kind: "start", at: T0 }, T0);
    trip.send({ kind: "start", at: T0 + SECOND }, T0 + SECOND);
    trip.send({ kind: "position", at: T0 + 5 * SECOND, latitude: Number.NaN, longitude: 0 }, T0 + 5 * SECOND);
    trip.send({ kind: "position", at: T0 + 6 * SECOND, latitude: 200, longitude: 0 }, T0 + 6 * SECOND);
    trip.send({ kind: "position", at: Number.NaN, ...geo(0, 0) }, T0 + 7 * SECOND);
    trip.send({ kind: "stop", at: T0, stopIndex: 99 }, T0 + 8 * SECOND);
    trip.send({ kind: "stop", at: T0, stopIndex: 1 }, T0 + 8 * SECOND);
    let t = T0 + 10 * SECOND;
    for (let x = 0; x < 3000; x += 70, t += 10 * SECOND) {
      trip.position(x, 0, t);
      trip.position(x, 0, t); // the same again
      trip.position(x - 500, 800, t - 5 * MINUTE, t + SECOND); // an old one, far away
    }
    // A phone clock ahead of the server: read as the server's time.
    trip.position(3000, 0, t + 3 * 60 * MINUTE, t);
    trip.position(3070, 0, t + 10 * SECOND);
    trip.send({ kind: "end", at: t + MINUTE }, t + MINUTE);
    trip.position(9000, 9000, t + 2 * MINUTE);
    trip.tick(t + 30 * MINUTE);
    expect(trip.log).toEqual([]);
  });
});
