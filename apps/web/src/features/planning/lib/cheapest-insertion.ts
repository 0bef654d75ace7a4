import { type PlanPoint, type ShiftDirection, straightKm } from "@treiber/contract";

/**
 * Where a new stop goes in a route's stops (an index for `splice`) so the route's km grow the
 * least: between the stops it fits best, before the first one or, at the end of the route, next
 * to the workplace. Inbound routes end at the workplace and start anywhere (the first pickup);
 * outbound routes start at the workplace and end at their last stop. Straight-line km are enough
 * to compare: the travel model's road km are the same times its circuity.
 */
export function cheapestInsertionIndex(
  stops: readonly PlanPoint[],
  point: PlanPoint,
  direction: ShiftDirection,
  workplace: PlanPoint,
): number {
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let index = 0; index <= stops.length; index++) {
    const cost = insertionCost(stops, point, index, direction, workplace);
    if (cost < bestCost - 1e-12) {
      best = index;
      bestCost = cost;
    }
  }
  return best;
}

/** Km the route grows by with `point` at `index` of its stops. */
export function insertionCost(
  stops: readonly PlanPoint[],
  point: PlanPoint,
  index: number,
  direction: ShiftDirection,
  workplace: PlanPoint,
): number {
  const path = direction === "inbound" ? [...stops, workplace] : [workplace, ...stops];
  // The point's neighbours in the driven path once it is inserted.
  const at = direction === "inbound" ? index : index + 1;
  const previous = at > 0 ? path[at - 1] : undefined;
  const next = path[at];
  if (previous && next)
    return straightKm(previous, point) + straightKm(point, next) - straightKm(previous, next);
  if (previous) return straightKm(previous, point);
  if (next) return straightKm(point, next);
  return 0;
}
