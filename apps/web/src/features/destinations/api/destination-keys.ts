/** TanStack Query keys of the destinations. */
export const DESTINATIONS_KEY = ["destinations"] as const;
/** Destination names found by a search (route forms). */
export const DESTINATION_NAMES_KEY = [...DESTINATIONS_KEY, "names"] as const;
