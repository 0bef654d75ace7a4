import { arrivalViaStops } from "@treiber/contract";
import { METERS_PER_DEGREE } from "@treiber/contract/geo";
import { describe, expect, it } from "vitest";
import { riderAlertsDue } from "./rider-alerts.js";
import { INCIDENT_THRESHOLD_DEFAULTS } from "./thresholds.js";
import type { TripPlan } from "./types.js";

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 30, 10, 0);
/** A point `meters` north and `eastMeters` east of 18.45 N, 69.95 W. */
const at = (meters: number, eastMeters = 0) => ({
  latitude: 18.45 + meters / METERS_PER_DEGREE,
  longitude: -69.95 + eastMeters / (METERS_PER_DEGREE * Math.cos((18.45 * Math.PI) / 180)),
});

/** Three stops zig-zagging east and west while heading north; the bus leaves at T0. */
function plannedTrip(): TripPlan {
  return {
    direction: "inbound",
    plannedDepartureAt: T0,
    stops: [
      { ...at(0), plannedAt: T0, riderIds: [1] },
      { ...at(500, 350), plannedAt: T0 + 6 * MINUTE, riderIds: [2] },
      { ...at(800), plannedAt: T0 + 12 * MINUTE, riderIds: [3] },
    ],
    workplace: { ...at(5000), plannedAt: T0 + 25 * MINUTE },
    seats: 20,
    speedKmh: 24,
    circuity: 1.3,
    serviceMinutes: 2,
  };
}

const trip = (plan: TripPlan) => ({
  plan,
  stops: plan.stops.map((stop) => ({ plannedAt: stop.plannedAt, employeeIds: stop.riderIds })),
  thresholds: INCIDENT_THRESHOLD_DEFAULTS,
});
const started = (nextStopIndex: number) => ({
  started: true,
  ended: false,
  nextStopIndex,
  arrivals: [],
});
const model = { speedKmh: 24, circuity: 1.3, serviceMinutes: 2 };

describe("rider alerts time the bus like «Mi bus»: through the stops still ahead (decision 0067)", () => {
  it("NEAR tells the minutes of arrivalViaStops from the bus via the stop before the rider's", () => {
    const plan = plannedTrip();
    const bus = at(250);
    const now = T0 + 2 * MINUTE;
    const due = riderAlertsDue({ trip: trip(plan), snapshot: started(1), bus, now });
    const via = arrivalViaStops(bus, [plan.stops[1], plan.stops[2]] as TripPlan["stops"], model).minutes;
    // Straight to stop 3 it would be under 3 min; via stop 2 and its service, about 5.
    expect(arrivalViaStops(bus, [plan.stops[2] as TripPlan["stops"][number]], model).minutes).toBeLessThan(3);
    expect(via).toBeGreaterThan(4);
    expect(via).toBeLessThanOrEqual(5.5);
    expect(due.find((alert) => alert.employeeId === 3 && alert.kind === "NEAR")).toEqual({
      employeeId: 3,
      kind: "NEAR",
      minutes: Math.round(via),
      stopIndex: 2,
    });
  });

  it("LATE compares that same arrival with the planned time", () => {
    const plan = plannedTrip();
    const bus = at(0, -3000);
    const now = T0 + 4 * MINUTE;
    const due = riderAlertsDue({ trip: trip(plan), snapshot: started(0), bus, now });
    const ahead = plan.stops;
    for (const [index, stop] of ahead.entries()) {
      const minutes = arrivalViaStops(bus, ahead.slice(0, index + 1), model).minutes;
      const late = Math.round((now + minutes * MINUTE - stop.plannedAt) / MINUTE);
      const alert = due.find((a) => a.stopIndex === index && a.kind === "LATE");
      if (late >= INCIDENT_THRESHOLD_DEFAULTS.lateMinutes) expect(alert?.minutes).toBe(late);
      else expect(alert).toBeUndefined();
    }
    expect(due.some((a) => a.kind === "LATE")).toBe(true);
  });

  it("a bus standing at the next stop is serving it: its service is not counted again", () => {
    const plan = plannedTrip();
    const bus = at(510, 340);
    const due = riderAlertsDue({ trip: trip(plan), snapshot: started(1), bus, now: T0 + 6 * MINUTE });
    const expected = arrivalViaStops(bus, plan.stops.slice(1), model).minutes;
    expect(expected).toBeLessThan(4);
    expect(due.find((a) => a.employeeId === 3 && a.kind === "NEAR")?.minutes).toBe(Math.round(expected));
  });
});
