import type { RouteCreateRequest } from "@treiber/contract";

/** The shift and seats of a route form and of the route as it was loaded. */
export interface RoutePlanningValues {
  shiftId?: number | null;
  seats?: number | null;
}

const orNull = (value: number | null | undefined) => value ?? null;

/**
 * The `shiftId` and `seats` a route form sends (decision 0048): only what the user changed. An
 * absent field keeps what the route has, so an edit that leaves them alone never overwrites a shift
 * or seats set meanwhile (by Planificación or another admin); a cleared field sends `null`, which
 * removes it. A new route sends them only when given.
 */
export function planningChanges(
  values: RoutePlanningValues,
  route: RoutePlanningValues | undefined,
): Pick<RouteCreateRequest, "shiftId" | "seats"> {
  const changes: Pick<RouteCreateRequest, "shiftId" | "seats"> = {};
  const shiftId = orNull(values.shiftId);
  const seats = orNull(values.seats);
  if (shiftId !== orNull(route?.shiftId)) changes.shiftId = shiftId;
  if (seats !== orNull(route?.seats)) changes.seats = seats;
  return changes;
}
