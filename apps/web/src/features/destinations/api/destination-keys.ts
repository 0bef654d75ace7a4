/** TanStack Query keys of the destinations. */
export const DESTINATIONS_KEY = ["destinations"] as const;
