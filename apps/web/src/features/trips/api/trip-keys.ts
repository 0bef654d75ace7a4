/** TanStack Query keys of trips (IntermediateRoute) and boardings (TransportService). */
export const TRIPS_KEY = ["trips"] as const;
export const CURRENT_TRIPS_KEY = [...TRIPS_KEY, "current"] as const;
export const ACTIVE_TRIPS_KEY = [...TRIPS_KEY, "active"] as const;
export const TRIP_HISTORY_KEY = [...TRIPS_KEY, "history"] as const;
export const TRIP_DETAIL_KEY = [...TRIPS_KEY, "detail"] as const;
export const TRIP_RIDERS_KEY = [...TRIPS_KEY, "riders"] as const;
export const TRIP_FILTER_OPTIONS_KEY = [...TRIPS_KEY, "filter-options"] as const;
