/** TanStack Query keys of the unscheduled routes. */
export const ROUTES_NOT_SCHEDULED_KEY = ["routes-not-scheduled"] as const;
export const DRIVER_NAMES_KEY = ["drivers", "names"] as const;
export const RIDER_CANDIDATES_KEY = ["employees", "forRouteNotSchedule"] as const;
