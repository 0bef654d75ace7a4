/** TanStack Query keys of the drivers. */
export const DRIVERS_KEY = ["drivers"] as const;
