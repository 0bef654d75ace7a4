/** TanStack Query keys of the route assignments (drivers and collaborators of routes). */
export const ROUTE_ASSIGNMENTS_KEY = ["route-assignments"] as const;

export const routeAssignmentsKey = (routeId: number) => [...ROUTE_ASSIGNMENTS_KEY, "route", routeId] as const;
export const employeeRoutesKey = (employeeId: number) =>
  [...ROUTE_ASSIGNMENTS_KEY, "employee", employeeId] as const;
export const driverRoutesKey = (driverId: number) => [...ROUTE_ASSIGNMENTS_KEY, "driver", driverId] as const;

/** Lookups of what can be assigned (active records only). */
export const ASSIGNABLE_ROUTES_KEY = ["routes", "names"] as const;
