import { z } from "zod";
import { planLeg, roadLegsSchema } from "./plan-road-legs.js";
import { SHIFT_DIRECTIONS } from "./route-planning.js";
import { minutesOfDay, type TravelPoint } from "./travel-model.js";

/**
 * The planned times of a route's stops under the travel model (issue 23), or its road legs when
 * the proposal has them (issue 36): shared by the server
 * (the proposal, the planned times written on apply) and the page (the figures after a move).
 */

export type PlanPoint = TravelPoint;

/** What the figures and planned times are computed with. */
export const planParamsSchema = z.object({
  direction: z.enum(SHIFT_DIRECTIONS),
  /** The shift's time `HH:mm`: arrival at the workplace (inbound) or departure from it (outbound). */
  shiftTime: z.string(),
  workplace: z.object({ latitude: z.number(), longitude: z.number() }),
  speedKmh: z.number(),
  circuity: z.number(),
  serviceMinutes: z.number(),
  maxRideMinutes: z.number(),
  /** The road legs the proposal was timed with (a routing server, decision 0069); absent: the model. */
  roads: roadLegsSchema.optional(),
});
export type PlanParams = z.infer<typeof planParamsSchema>;

const DAY_MINUTES = 24 * 60;

export const formatTimeOfDay = (minutes: number) => {
  const m = ((Math.round(minutes) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
};

export type ScheduledStop = {
  /** Minutes of the day the bus reaches the stop (may be < 0 or ≥ 1440 before wrapping). */
  at: number;
  plannedTime: string;
  /** Minutes on board for the riders of this stop. */
  rideMinutes: number;
};

export type RouteSchedule = {
  stops: ScheduledStop[];
  /** Road km from the first stop to the workplace (inbound) or from the workplace to the last stop. */
  km: number;
  /** Minutes from the first departure to the last arrival. */
  minutes: number;
  longestRideMinutes: number;
};

/**
 * The planned times of a route's stops (in order). Inbound: the bus reaches the workplace at the
 * shift's time; each stop's time is the latest that makes it (floored to the minute), and a rider's
 * ride is from their stop to the workplace. Outbound: the bus leaves the workplace at the shift's
 * time; each stop's time is when it gets there (ceiled), and a rider's ride is from the workplace to
 * their stop. The bus spends `serviceMinutes` at every stop.
 */
export function scheduleStops(stops: readonly PlanPoint[], params: PlanParams): RouteSchedule {
  const shift = minutesOfDay(params.shiftTime);
  const { serviceMinutes } = params;
  if (stops.length === 0) return { stops: [], km: 0, minutes: 0, longestRideMinutes: 0 };
  const legs: { km: number; minutes: number }[] = [];
  let km = 0;
  if (params.direction === "inbound") {
    for (let i = 0; i < stops.length; i++) {
      const next = i + 1 < stops.length ? (stops[i + 1] as PlanPoint) : params.workplace;
      legs.push(planLeg(stops[i] as PlanPoint, next, params));
    }
    const at: number[] = new Array(stops.length);
    let clock = shift;
    for (let i = stops.length - 1; i >= 0; i--) {
      clock -= (legs[i]?.minutes ?? 0) + serviceMinutes;
      at[i] = clock;
    }
    km = legs.reduce((sum, leg) => sum + leg.km, 0);
    const scheduled = at.map((minute) => {
      const floored = Math.floor(minute + 1e-9);
      return { at: floored, plannedTime: formatTimeOfDay(floored), rideMinutes: Math.round(shift - floored) };
    });
    return {
      stops: scheduled,
      km,
      minutes: Math.round(shift - (scheduled[0]?.at ?? shift)),
      longestRideMinutes: Math.max(...scheduled.map((stop) => stop.rideMinutes)),
    };
  }
  let clock = shift;
  let previous: PlanPoint = params.workplace;
  const scheduled: ScheduledStop[] = [];
  for (const stop of stops) {
    const leg = planLeg(previous, stop, params);
    km += leg.km;
    clock += leg.minutes;
    const ceiled = Math.ceil(clock - 1e-9);
    scheduled.push({
      at: ceiled,
      plannedTime: formatTimeOfDay(ceiled),
      rideMinutes: Math.round(ceiled - shift),
    });
    clock += serviceMinutes;
    previous = stop;
  }
  return {
    stops: scheduled,
    km,
    minutes: Math.round(clock - shift),
    longestRideMinutes: Math.max(...scheduled.map((stop) => stop.rideMinutes)),
  };
}
