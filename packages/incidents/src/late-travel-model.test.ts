import { minutesOfDay, type PlanParams, scheduleStops, travel } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { riderAlertsDue } from "./rider-alerts.js";
import { geo, MINUTE, T0 } from "./test-support/hand-trip.js";
import { INCIDENT_THRESHOLD_DEFAULTS } from "./thresholds.js";
import { TripMonitor } from "./trip-monitor.js";
import type { TripPlan } from "./types.js";

// One travel model (issue 33, decision 0058): the LATE rule (and so the rider alerts) time a leg
// with the contract's `travel`, the function the planner's planned times and «Mi bus» use.
// A straight road south to the workplace; no trace, so the path is the line through the stops.
const workplace = geo(0, 0);
const far = geo(0, 6000);
const near = geo(0, 2000);
const params: PlanParams = {
  direction: "inbound",
  shiftTime: "08:00",
  workplace,
  speedKmh: 24,
  circuity: 1.3,
  serviceMinutes: 2,
  maxRideMinutes: 60,
};
const model = { speedKmh: params.speedKmh, circuity: params.circuity };

/** The planner's schedule as the trip's plan: T0 is the far stop's planned time. */
function plannedTrip(): TripPlan {
  const schedule = scheduleStops([far, near], params);
  const first = schedule.stops[0]?.at ?? 0;
  const at = (minute: number) => T0 + (minute - first) * MINUTE;
  return {
    direction: "inbound",
    plannedDepartureAt: T0,
    stops: [
      { ...far, plannedAt: at(schedule.stops[0]?.at ?? 0), riderIds: [1] },
      { ...near, plannedAt: at(schedule.stops[1]?.at ?? 0), riderIds: [2] },
    ],
    workplace: { ...workplace, plannedAt: at(minutesOfDay(params.shiftTime)) },
    seats: null,
    speedKmh: params.speedKmh,
    circuity: params.circuity,
    serviceMinutes: params.serviceMinutes,
  };
}

describe("the LATE rule, the rider alerts and the planner time a leg alike", () => {
  it("the planner's leg is the contract's travel minutes plus the service at the stop", () => {
    const schedule = scheduleStops([far, near], params);
    const leg = (schedule.stops[1]?.at ?? 0) - (schedule.stops[0]?.at ?? 0) - params.serviceMinutes;
    // Planned times are whole minutes (floored): within one of the exact leg.
    expect(Math.abs(leg - travel(far, near, model).minutes)).toBeLessThan(1);
  });

  it("predicts the arrival at the next stop with the same minutes, and tells its riders the same", () => {
    const plan = plannedTrip();
    const monitor = new TripMonitor(plan);
    monitor.handle({ kind: "start", at: T0 }, T0);
    // Faster than the model on the road: the prediction never goes above the model's speed.
    let now = T0;
    for (let y = 6000; y >= 3500; y -= 100) {
      monitor.handle({ kind: "position", at: now, ...geo(0, y) }, now);
      now += 10_000;
    }
    now -= 10_000;
    const snapshot = monitor.snapshot(now);
    expect(snapshot.nextStopIndex).toBe(1);
    const here = geo(0, 3500);
    const arrival = snapshot.arrivals.find((a) => a.stopIndex === 1);
    expect(((arrival?.predictedAt ?? 0) - now) / MINUTE).toBeCloseTo(travel(here, near, model).minutes, 2);

    const due = riderAlertsDue({
      trip: {
        plan,
        stops: plan.stops.map((stop, index) => ({ plannedAt: stop.plannedAt, employeeIds: [index + 1] })),
        thresholds: INCIDENT_THRESHOLD_DEFAULTS,
      },
      snapshot,
      now,
    });
    // 1.5 km straight × 1.3 at 24 km/h: 4.9 min, «llega en 5 min».
    expect(due.find((alert) => alert.kind === "NEAR")).toMatchObject({
      employeeId: 2,
      minutes: Math.round(travel(here, near, model).minutes),
    });
  });
});
