import type { TodayRoute, TodayRouteState } from "@treiber/contract";

/** Stable key of a row of "Hoy": `r<routeId>` or `n<routeNotScheduledId>`. */
export function todayRouteKey(route: Pick<TodayRoute, "routeId" | "routeNotScheduledId">): string {
  return route.routeId !== null ? `r${route.routeId}` : `n${route.routeNotScheduledId ?? 0}`;
}

/** CSS modifier of each state's badge. */
export const STATE_BADGES: Record<TodayRouteState, string> = {
  Pendiente: "pending",
  "En curso": "in-progress",
  Finalizada: "finished",
};

const NO_TIME = "99:99";

/** "HH:mm" when the route leaves: its fixed time, or the local time of a not-scheduled route's date. */
export function departureOf(route: Pick<TodayRoute, "departureTime" | "scheduledDate">): string | null {
  if (route.departureTime) return route.departureTime.slice(0, 5);
  if (!route.scheduledDate) return null;
  const date = new Date(route.scheduledDate);
  if (Number.isNaN(date.getTime())) return null;
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

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

/** "7:05 a. m." style label of an "HH:mm" departure time. */
export function formatDepartureTime(value: string | null): string {
  if (!value) return "Sin hora fija";
  const [hours, minutes] = value.split(":").map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) {
    return value;
  }
  const suffix = hours < 12 ? "a. m." : "p. m.";
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour12}:${String(minutes).padStart(2, "0")} ${suffix}`;
}
