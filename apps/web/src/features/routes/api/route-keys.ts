/** TanStack Query keys of the scheduled routes. */
export const ROUTES_KEY = ["routes"] as const;
/** Lookups used by the route forms. */
export const DAYS_KEY = ["days"] as const;
export const DESTINATION_NAMES_KEY = ["destinations", "names"] as const;
