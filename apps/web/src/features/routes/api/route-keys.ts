/** TanStack Query keys of the scheduled routes. */
export const ROUTES_KEY = ["routes"] as const;
/** The days of the week (route form). */
export const DAYS_KEY = ["days"] as const;
