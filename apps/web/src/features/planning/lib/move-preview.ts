import { formatKm, formatMinutes, formatSigned } from "@treiber/client/format";
import { type PlanParams, type PlanRoute, scheduleStops } from "@treiber/contract";
import { applyMove, type MoveTarget, type PlanMove } from "./plan-draft";

/** What a «Mover a…» choice would do to the route it goes to, shown before the move is made. */
export interface MovePreview {
  riders: number;
  seats: number | null;
  longestRideMinutes: number;
  maxRideMinutes: number;
  /** Road km and minutes the route gains (a new route: all of its own). */
  addedKm: number;
  addedMinutes: number;
  /** More riders than seats. */
  overSeats: boolean;
  /** A ride longer than the maximum. */
  overRide: boolean;
}

const ridersOf = (route: PlanRoute) => route.stops.reduce((sum, stop) => sum + stop.employeeIds.length, 0);

/** The target route after the move against before it; null when the move changes nothing. */
export function previewMove(
  routes: PlanRoute[],
  params: PlanParams,
  move: PlanMove,
  target: MoveTarget,
): MovePreview | null {
  const moved = applyMove(routes, params, move, target);
  const after = moved?.routes.find((route) => route.key === moved.key);
  if (!moved || !after) return null;
  const before = routes.find((route) => route.key === moved.key);
  const now = scheduleStops(after.stops, params);
  const was = before ? scheduleStops(before.stops, params) : null;
  const riders = ridersOf(after);
  return {
    riders,
    seats: after.seats,
    longestRideMinutes: now.longestRideMinutes,
    maxRideMinutes: params.maxRideMinutes,
    addedKm: Math.round((now.km - (was?.km ?? 0)) * 10) / 10,
    addedMinutes: Math.round(now.minutes - (was?.minutes ?? 0)),
    overSeats: after.seats !== null && riders > after.seats,
    overRide: now.longestRideMinutes > params.maxRideMinutes,
  };
}

/** The preview's parts in Spanish: «3/4 asientos», «viaje más largo 35 mins de 1 hora y 0 mins», «+2.4 km», «+6 mins». */
export function previewParts(preview: MovePreview) {
  return {
    seats: `${preview.riders}/${preview.seats ?? "?"} asientos${preview.overSeats ? " (sobrecupo)" : ""}`,
    ride: `viaje más largo ${formatMinutes(preview.longestRideMinutes)} de ${formatMinutes(preview.maxRideMinutes)}${
      preview.overRide ? " (supera el máximo)" : ""
    }`,
    km: formatSigned(preview.addedKm, (km) => formatKm(km, 1)),
    minutes: formatSigned(preview.addedMinutes, formatMinutes),
  };
}

/** The whole preview in one line, for the option's title and screen readers. */
export function previewText(preview: MovePreview): string {
  const parts = previewParts(preview);
  return `${parts.seats} · ${parts.ride} · ${parts.km} · ${parts.minutes}`;
}
