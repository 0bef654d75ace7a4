/**
 * Stable key of a route in a list of the Treiber App ("Hoy", "Mis rutas"): `r<routeId>` for a
 * scheduled route, `n<routeNotScheduledId>` for a not-scheduled one (their ids may coincide).
 */
export function routeKey(route: { routeId: number | null; routeNotScheduledId: number | null }): string {
  return route.routeId !== null ? `r${route.routeId}` : `n${route.routeNotScheduledId ?? 0}`;
}
