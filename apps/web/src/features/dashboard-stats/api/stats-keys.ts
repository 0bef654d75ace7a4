/** TanStack Query keys of the dashboard statistics. */
export const STATS_KEY = ["dashboard-stats"] as const;
