import type { TodayRoute } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import type { OutboxSnapshot } from "../../shared/outbox/create-outbox";
import { startsRoute } from "./trip/local-trip";

/** A row of Hoy as the phone shows it: the server's state with the phone's Starts and Ends applied. */
export type ShownTodayRoute = TodayRoute & {
  /** The actionId of the Start taken on the phone (its trip until the server gives an id). */
  startRef: string | null;
  /** A Start or End of this row waits on the phone. */
  unsent: boolean;
};

/**
 * Hoy (fetched at `fetchedAt`) with the Starts and Ends that wait on the phone or that the server took
 * after that fetch: a route started offline is "En curso" at once, a trip ended offline "Finalizada".
 */
export function showToday(
  routes: readonly TodayRoute[],
  outbox: Pick<OutboxSnapshot, "actions" | "recent" | "trips">,
  fetchedAt: number | null,
): ShownTodayRoute[] {
  const actions = [
    ...outbox.recent
      .filter((item) => fetchedAt === null || item.sentAt >= fetchedAt)
      .map((item) => ({ action: item.action, unsent: false })),
    ...outbox.actions.map((action) => ({ action, unsent: true })),
  ];
  return routes.map((route) => {
    const shown: ShownTodayRoute = { ...route, startRef: null, unsent: false };
    for (const { action, unsent } of actions) {
      if (startsRoute(action, shown) && shown.state === "Pendiente") {
        const tripId = outbox.trips[action.id];
        shown.state = "En curso";
        shown.intermediateRouteId = typeof tripId === "number" ? tripId : null;
        shown.startRef = action.id;
        shown.unsent ||= unsent;
      } else if (
        action.path === clientPath(API.intermediateRoute.end) &&
        shown.state === "En curso" &&
        ((shown.intermediateRouteId !== null &&
          action.body.intermediateRouteId === shown.intermediateRouteId) ||
          (shown.startRef !== null && action.tripRef === shown.startRef))
      ) {
        shown.state = "Finalizada";
        shown.unsent ||= unsent;
      }
    }
    return shown;
  });
}

/** Where the trip of a row opens: `/viaje/<id>`, or `/viaje/l-<Start actionId>` before the server knows it. */
export function tripPath(route: Pick<ShownTodayRoute, "intermediateRouteId" | "startRef">): string | null {
  if (route.intermediateRouteId !== null) return `/viaje/${route.intermediateRouteId}`;
  return route.startRef ? `/viaje/l-${route.startRef}` : null;
}
