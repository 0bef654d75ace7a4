import { describe, expect, it } from "vitest";
import { drive, relaxed, road, SECOND, stay, stopsAt } from "./test-support/hand-drive.js";
import { geo, HandTrip, handPlan, MINUTE, T0 } from "./test-support/hand-trip.js";

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

describe("outbound: riders board at the workplace and get off at their stop", () => {
  const outbound = (riders: number[][]) => {
    const plan = relaxed(riders);
    const start = geo(road[0]![0], road[0]![1]);
    return { ...plan, direction: "outbound" as const, workplace: { ...start, plannedAt: T0 } };
  };

  it("a boarding at the workplace does not serve the rider's stop: driving through it is skipped", () => {
    const trip = new HandTrip(outbound([[], [], [2], []]));
    trip.send({ kind: "start", at: T0 }, T0);
    trip.send({ kind: "boarding", at: T0 + SECOND, riderId: 2 }, T0 + SECOND);
    drive(trip, 0, 4400, T0 + 10 * SECOND);
    expect(trip.opened("SKIPPED_STOP")).toMatchObject([{ stopIndex: 2, detail: { pendingRiders: 1 } }]);
  });

  it("stopping at the rider's stop serves it", () => {
    const trip = new HandTrip(outbound([[], [], [2], []]));
    trip.send({ kind: "start", at: T0 }, T0);
    trip.send({ kind: "boarding", at: T0 + SECOND, riderId: 2 }, T0 + SECOND);
    let t = drive(trip, 0, 2930, T0 + 10 * SECOND) + 10 * SECOND;
    t = stay(trip, 3000, 0, t, 60) + 10 * SECOND;
    drive(trip, 3070, 6000, t);
    expect(trip.opened("SKIPPED_STOP")).toEqual([]);
  });
});
