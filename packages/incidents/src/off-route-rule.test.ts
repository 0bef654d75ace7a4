import { describe, expect, it } from "vitest";
import { drive, relaxed, road, SECOND, stopsAt } from "./test-support/hand-drive.js";
import { HandTrip, handPlan, MINUTE, T0 } from "./test-support/hand-trip.js";

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
