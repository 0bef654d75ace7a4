/** TanStack Query keys of the unscheduled routes. */
export const ROUTES_NOT_SCHEDULED_KEY = ["routes-not-scheduled"] as const;
