import type { StartableRoute } from "@treiber/contract";

export type TodayRouteState = "Pending" | "InProgress" | "Finished";

/** One row of "Hoy": a route the driver runs today. */
export interface TodayRoute {
  /** Stable key: `r<routeId>` or `n<routeNotScheduledId>`. */
  key: string;
  name: string;
  destinationName: string | null;
  /** "HH:mm", or null when the route has no fixed time. */
  departureTime: string | null;
  /** Riders expected on the trip; null when the server does not say. */
  expectedRiders: number | null;
  state: TodayRouteState;
  /** The trip, once started. */
  intermediateRouteId: number | null;
}

export const STATE_LABELS: Record<TodayRouteState, string> = {
  Pending: "Pendiente",
  InProgress: "En curso",
  Finished: "Finalizada",
};

const NO_TIME = "99:99";

/** By departure time (routes without a time last), then by name. */
export function sortTodayRoutes(routes: readonly TodayRoute[]): TodayRoute[] {
  return [...routes].sort(
    (a, b) =>
      (a.departureTime ?? NO_TIME).localeCompare(b.departureTime ?? NO_TIME) ||
      a.name.localeCompare(b.name, "es"),
  );
}

/** The trip to reopen after a restart: the first route in progress. */
export function routeInProgress(routes: readonly TodayRoute[]): TodayRoute | null {
  return routes.find((route) => route.state === "InProgress") ?? null;
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

/** A route of `GET IntermediateRoute/driverRoutes` (what the driver may start) as a pending row. */
export function fromStartableRoute(route: StartableRoute): TodayRoute {
  return {
    key: route.routeId !== null ? `r${route.routeId}` : `n${route.routeNotScheduledId ?? 0}`,
    name: route.name,
    destinationName: route.destinationName,
    departureTime: route.departureTime ? route.departureTime.slice(0, 5) : null,
    expectedRiders: null,
    state: "Pending",
    intermediateRouteId: null,
  };
}
