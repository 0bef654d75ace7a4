import { describe, expect, it } from "vitest";
import { geo, HandTrip, handPlan, MINUTE, T0 } from "./test-support/hand-trip.js";
import type { TripPlan } from "./types.js";

// A straight road 6 km east; stops every 1.5 km; the workplace at its end. No noise: these tests
// pin the rules' semantics (the noisy simulated trips are in simulated-trips.test.ts).
const road = [
  [0, 0],
  [6000, 0],
] as const;
const stopsAt = (riders: number[][] = [[], [], [], []]) =>
  [0, 1500, 3000, 4500].map((x, k) => ({ at: [x, 0] as const, riderIds: riders[k] ?? [] }));
/** Planned an hour apart: nothing is late unless a test makes it so. */
const relaxed = (riders?: number[][], seats: number | null = null) =>
  handPlan(road, stopsAt(riders), { minutesApart: 60, seats });

const SECOND = 1000;

type Received = { now?: number };

/**
 * Drives from x0 to x1 (y fixed) at `speed` m/s, a position every `every` s from `from` (received
 * when taken, or all at `now`); returns the last time.
 */
function drive(
  trip: HandTrip,
  x0: number,
  x1: number,
  from: number,
  options: { y?: number; speed?: number; every?: number } & Received = {},
) {
  const { y = 0, speed = 7, every = 10 } = options;
  const direction = Math.sign(x1 - x0);
  let t = from;
  for (let x = x0; direction * (x1 - x) >= 0; x += direction * speed * every) {
    trip.position(x, y, t, options.now ?? t);
    t += every * SECOND;
  }
  return t - every * SECOND;
}

/** Stays at (x, y) for `seconds`, a position every 10 s from `from`; returns the last time. */
function stay(trip: HandTrip, x: number, y: number, from: number, seconds: number, options: Received = {}) {
  let t = from;
  for (; t <= from + seconds * SECOND; t += 10 * SECOND) trip.position(x, y, t, options.now ?? t);
  return t - 10 * SECOND;
}

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

describe("OFF_ROUTE", () => {
  it("opens after 300 m for 60 s and 3 positions, closes after 3 under 200 m, and never in between", () => {
    const trip = new HandTrip(relaxed());
    trip.send({ kind: "start", at: T0 }, T0);
    let t = drive(trip, 0, 700, T0) + 10 * SECOND;
    let x = 770;
    const step = (y: number, n: number) => {
      for (let k = 0; k < n; k++, x += 70, t += 10 * SECOND) trip.position(x, y, t);
    };
    step(250, 10); // between 200 and 300 m: neither
    step(350, 2);
    step(0, 1); // two positions off, then back: nothing
    expect(trip.opened()).toEqual([]);
    const offSince = t;
    step(350, 6); // 50 s off: not yet
    expect(trip.opened()).toEqual([]);
    step(350, 1); // 60 s and 7 positions
    expect(trip.opened()).toMatchObject([
      { type: "OFF_ROUTE", at: offSince + 60 * SECOND, detail: { distanceMeters: 350 } },
    ]);
    expect(trip.opened()[0]?.evidence.length).toBeGreaterThanOrEqual(3);
    step(250, 3);
    step(150, 2);
    step(350, 1);
    step(150, 2);
    expect(trip.log.filter((e) => e.action === "close")).toEqual([]);
    const closedAt = t;
    step(150, 1);
    expect(trip.log.at(-1)).toMatchObject({
      action: "close",
      type: "OFF_ROUTE",
      reason: "cleared",
      at: closedAt,
    });
  });

  it("never reopens within 2 min of closing, even when the bus is off again", () => {
    const trip = new HandTrip(relaxed());
    trip.send({ kind: "start", at: T0 }, T0);
    let t = drive(trip, 0, 700, T0) + 10 * SECOND;
    let x = 770;
    const step = (y: number, n: number) => {
      for (let k = 0; k < n; k++, x += 70, t += 10 * SECOND) trip.position(x, y, t);
    };
    step(400, 8);
    step(0, 3);
    const closed = trip.log.at(-1);
    expect(closed).toMatchObject({ action: "close", type: "OFF_ROUTE" });
    step(400, 20); // off again for 200 s
    const opens = trip.opened("OFF_ROUTE");
    expect(opens).toHaveLength(2);
    expect((opens[1]?.at ?? 0) - (closed?.at ?? 0)).toBeGreaterThanOrEqual(2 * MINUTE);
    expect((opens[1]?.at ?? 0) - (closed?.at ?? 0)).toBeLessThan(2 * MINUTE + 10 * SECOND);
  });
});

describe("OFF_ROUTE on a route without a trace (the line through the stops is not the road)", () => {
  const lineOnly = (riders?: number[][]) =>
    handPlan(road, stopsAt(riders), { minutesApart: 60, trace: false });

  it("opens when the bus drives away from its next stop, and closes once it reaches it", () => {
    const trip = new HandTrip(lineOnly());
    trip.send({ kind: "start", at: T0 }, T0);
    expect(trip.monitor.snapshot(T0).pathSource).toBe("stops");
    let t = drive(trip, 0, 2600, T0) + 10 * SECOND;
    // Back the way it came, away from the stop at 3,000 m: 2.5 m of excess per metre.
    let opensAt = Number.NaN;
    for (let x = 2600; x >= 1200; x -= 70, t += 10 * SECOND) {
      if (trip.position(x, 0, t).some((e) => e.action === "open")) opensAt = x;
      if (x >= 2340) expect(trip.opened(), `at ${x} m`).toEqual([]);
    }
    // Over 650 m of excess (300 m + 350 m) near 2,340 m, then 60 s and 3 positions more.
    expect(opensAt).toBeLessThan(2000);
    const [opened] = trip.opened("OFF_ROUTE");
    expect(opened?.detail.detourMeters).toBeGreaterThan(650);
    expect(opened?.evidence.length).toBeGreaterThanOrEqual(3);
    // Heading for the stop again, the stretch away stays in the last 2 km driven: open until the stop.
    let closedAt = Number.NaN;
    for (let x = 1270; x <= 3200; x += 70, t += 10 * SECOND) {
      if (trip.position(x, 0, t).some((e) => e.action === "close")) closedAt = x;
    }
    expect(closedAt).toBeGreaterThanOrEqual(2850);
    expect(trip.opened()).toHaveLength(1);
  });

  it("streets that leave the line a block or two, and come back, raise nothing", () => {
    const trip = new HandTrip(lineOnly());
    trip.send({ kind: "start", at: T0 }, T0);
    // East, then 300 m north, east along that street, back south onto the line, and once round a
    // block of 100 m the wrong way (a one-way street), then on.
    let t = drive(trip, 0, 700, T0) + 10 * SECOND;
    for (let y = 70; y <= 300; y += 70, t += 10 * SECOND) trip.position(700, y, t);
    t = drive(trip, 770, 2400, t, { y: 300 }) + 10 * SECOND;
    for (let y = 230; y >= 0; y -= 70, t += 10 * SECOND) trip.position(2400, y, t);
    t = drive(trip, 2470, 3900, t) + 10 * SECOND;
    for (const [x, y] of [
      [3900, -50],
      [3900, -100],
      [3850, -100],
      [3800, -100],
      [3800, -50],
      [3800, 0],
    ] as const) {
      trip.position(x, y, t);
      t += 10 * SECOND;
    }
    drive(trip, 3870, 6000, t);
    expect(trip.opened()).toEqual([]);
    expect(trip.monitor.snapshot(t).detourMeters).toBeLessThan(650);
  });

  it("a stop passed far from the road is not a detour while the bus heads for the next one", () => {
    const trip = new HandTrip(lineOnly([[], [], [7], []]));
    trip.send({ kind: "start", at: T0 }, T0);
    // The road passes 400 m south of the stop at 3,000 m (nobody boards there).
    let t = drive(trip, 0, 2400, T0) + 10 * SECOND;
    for (let y = -70; y >= -400; y -= 70, t += 10 * SECOND) trip.position(2400, y, t);
    t = drive(trip, 2470, 4300, t, { y: -400 }) + 10 * SECOND;
    for (let y = -330; y <= 0; y += 70, t += 10 * SECOND) trip.position(4400, y, t);
    drive(trip, 4470, 6000, t);
    expect(trip.opened("OFF_ROUTE")).toEqual([]);
    expect(trip.opened("SKIPPED_STOP")).toMatchObject([{ stopIndex: 2 }]);
  });
});

describe("stopped at a stop: slow near it for a total time", () => {
  // A 25 s stop, positions 5–9 s apart with ±15 m of GPS jitter (the rule of decision 0051 wanted
  // 30 s of them in one run and called it skipped).
  const jitter = [
    [12, -9],
    [-14, 6],
    [5, 15],
    [-8, -13],
    [15, 4],
  ] as const;

  it.each([true, false])("a short stop sampled every 5–10 s counts as stopped (trace: %s)", (trace) => {
    const plan = handPlan(road, stopsAt([[], [], [7], []]), { minutesApart: 60, trace });
    const trip = new HandTrip(plan);
    trip.send({ kind: "start", at: T0 }, T0);
    let t = drive(trip, 0, 2930, T0) + 10 * SECOND;
    [0, 6, 9, 5, 5].forEach((gap, k) => {
      t += gap * SECOND;
      trip.position(3000 + jitter[k]![0], jitter[k]![1], t);
    });
    drive(trip, 3060, 6000, t + 8 * SECOND);
    // Rider 7 never scanned: only the positions say the bus stopped.
    expect(trip.opened()).toEqual([]);
  });

  it.each([true, false])(
    "driving through at 25 km/h with the same jitter is skipped (trace: %s)",
    (trace) => {
      const plan = handPlan(road, stopsAt([[], [], [7], []]), { minutesApart: 60, trace });
      const trip = new HandTrip(plan);
      trip.send({ kind: "start", at: T0 }, T0);
      const gaps = [5, 8, 10, 6];
      let t = T0;
      for (let x = 0, k = 0; x <= 6000; k++) {
        trip.position(x + jitter[k % 5]![0], jitter[k % 5]![1], t);
        x += 7 * gaps[k % 4]!;
        t += gaps[k % 4]! * SECOND;
      }
      expect(trip.opened().map((e) => [e.type, e.stopIndex])).toEqual([["SKIPPED_STOP", 2]]);
    },
  );
});

describe("SKIPPED_STOP", () => {
  it("opens when the bus goes past a stop with a rider pending without stopping there", () => {
    // Stop 1: the rider does not show but the bus stops; stop 2: driven through; stop 3: the rider boards.
    const trip = new HandTrip(relaxed([[], [1], [2], [3]]));
    trip.send({ kind: "start", at: T0 }, T0);
    let t = drive(trip, 0, 1470, T0) + 10 * SECOND;
    t = stay(trip, 1500, 0, t, 60) + 10 * SECOND;
    t = drive(trip, 1570, 3190, t) + 10 * SECOND;
    expect(trip.opened()).toEqual([]);
    t = drive(trip, 3260, 4400, t);
    const skipped = trip.opened("SKIPPED_STOP");
    expect(skipped).toMatchObject([{ stopIndex: 2, detail: { pendingRiders: 1 } }]);
    // The first position past the stop by 200 m.
    expect(skipped[0]?.evidence[0]?.longitude).toBeCloseTo(geo(3260, 0).longitude, 6);
    trip.send({ kind: "boarding", at: t + SECOND, riderId: 3 }, t + SECOND);
    drive(trip, 4470, 6000, t + 10 * SECOND);
    expect(trip.opened()).toHaveLength(1);
    expect(trip.send({ kind: "end", at: t + 10 * MINUTE }, t + 10 * MINUTE)).toMatchObject([
      { action: "close", type: "SKIPPED_STOP", stopIndex: 2, reason: "trip-ended" },
    ]);
  });

  it("closes when the bus comes back and stops there, or when the rider no longer waits", () => {
    const trip = new HandTrip(relaxed([[], [], [2], [3, 4]]));
    trip.send({ kind: "start", at: T0 }, T0);
    let t = drive(trip, 0, 3500, T0);
    expect(trip.opened("SKIPPED_STOP")).toHaveLength(1);
    t = drive(trip, 3430, 3010, t + 10 * SECOND) + 10 * SECOND;
    stay(trip, 3000, 0, t, 60);
    expect(trip.log.at(-1)).toMatchObject({
      action: "close",
      type: "SKIPPED_STOP",
      stopIndex: 2,
      reason: "cleared",
    });
    t = drive(trip, 3070, 4800, t + 70 * SECOND);
    expect(trip.opened("SKIPPED_STOP").at(-1)).toMatchObject({ stopIndex: 3 });
    trip.send({ kind: "cancellation", at: t, riderId: 3 }, t);
    expect(trip.send({ kind: "cancellation", at: t + SECOND, riderId: 4 }, t + SECOND)).toMatchObject([
      { action: "close", type: "SKIPPED_STOP", stopIndex: 3, reason: "cleared" },
    ]);
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
