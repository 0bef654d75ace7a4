/** TanStack Query keys of the drivers. */
export const DRIVERS_KEY = ["drivers"] as const;
/** The active drivers' names (selects and route assignments). */
export const DRIVER_NAMES_KEY = [...DRIVERS_KEY, "names"] as const;
