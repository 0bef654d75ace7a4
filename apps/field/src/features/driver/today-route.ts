import type { TodayRoute, TodayRouteState } from "@treiber/contract";
import { departureOf } from "../../shared/departure-of";

/** CSS modifier of each state's badge. */
export const STATE_BADGES: Record<TodayRouteState, string> = {
  Pendiente: "pending",
  "En curso": "in-progress",
  Finalizada: "finished",
};

const NO_TIME = "99:99";

/** By departure time (routes without a time last), then by name. */
export function sortTodayRoutes<T extends Pick<TodayRoute, "departureTime" | "scheduledDate" | "name">>(
  routes: readonly T[],
): T[] {
  return [...routes].sort(
    (a, b) =>
      (departureOf(a) ?? NO_TIME).localeCompare(departureOf(b) ?? NO_TIME) ||
      a.name.localeCompare(b.name, "es"),
  );
}

/** The trip to reopen after a restart: the first route in progress. */
export function routeInProgress<T extends Pick<TodayRoute, "state">>(routes: readonly T[]): T | null {
  return routes.find((route) => route.state === "En curso") ?? null;
}
