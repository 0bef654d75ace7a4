/**
 * TanStack Query keys of every back-office feature, in one place: features invalidate each other's
 * caches (a new cut reloads the reports, an assignment the routes, a new supplier the suppliers'
 * names in every select), so the keys are shared vocabulary, not a feature's own.
 */

/** TanStack Query keys of the branch offices. */
export const BRANCH_OFFICES_KEY = ["branch-offices"] as const;

/** TanStack Query keys of the collaborators (employees). */
export const COLLABORATORS_KEY = ["collaborators"] as const;
/** Active collaborators found by a search, to put on a route. */
export const COLLABORATOR_CANDIDATES_KEY = ["employees", "forRouteNotSchedule"] as const;

/** TanStack Query keys of the dashboard statistics. */
export const STATS_KEY = ["dashboard-stats"] as const;

/** TanStack Query keys of the destinations. */
export const DESTINATIONS_KEY = ["destinations"] as const;
/** Destination names found by a search (route forms). */
export const DESTINATION_NAMES_KEY = [...DESTINATIONS_KEY, "names"] as const;

/** TanStack Query keys of the drivers. */
export const DRIVERS_KEY = ["drivers"] as const;
/** The active drivers' names (selects and route assignments). */
export const DRIVER_NAMES_KEY = [...DRIVERS_KEY, "names"] as const;

/** Every notification query starts with this key: invalidating it reloads the bell and the page. */
export const NOTIFICATIONS_KEY = ["notifications"] as const;
export const UNREAD_NOTIFICATIONS_KEY = [...NOTIFICATIONS_KEY, "unread"] as const;
export const NOTIFICATION_LIST_KEY = [...NOTIFICATIONS_KEY, "list"] as const;

/** TanStack Query keys of the reports and their filter options. */
export const REPORTS_KEY = ["reports"] as const;
export const REPORT_OPTIONS_KEY = ["reports", "options"] as const;

/** TanStack Query keys of the cuts. */
export const CUTS_KEY = ["cuts"] as const;

/** TanStack Query keys of the papers that expire and «Cumplimiento» (issue 37): an upload or review reloads both. */
export const DOCUMENTS_KEY = ["documents"] as const;

/** TanStack Query keys of the disputes on a cut's lines (issue 37); a resolution reloads the cuts too. */
export const DISPUTES_KEY = ["disputes"] as const;

/** TanStack Query keys of the route assignments (drivers and collaborators of routes). */
export const ROUTE_ASSIGNMENTS_KEY = ["route-assignments"] as const;

export const routeAssignmentsKey = (routeId: number) => [...ROUTE_ASSIGNMENTS_KEY, "route", routeId] as const;
export const employeeRoutesKey = (employeeId: number) =>
  [...ROUTE_ASSIGNMENTS_KEY, "employee", employeeId] as const;
export const driverRoutesKey = (driverId: number) => [...ROUTE_ASSIGNMENTS_KEY, "driver", driverId] as const;

/** Lookups of what can be assigned (active records only). */
export const ASSIGNABLE_ROUTES_KEY = ["routes", "names"] as const;

/** TanStack Query keys of the unscheduled routes. */
export const ROUTES_NOT_SCHEDULED_KEY = ["routes-not-scheduled"] as const;

/** TanStack Query keys of the scheduled routes. */
export const ROUTES_KEY = ["routes"] as const;
/** The days of the week (route form). */
export const DAYS_KEY = ["days"] as const;

/** TanStack Query keys of the shifts (turnos); the routes' shift select reads the active ones, Planificación those of a branch office. */
export const SHIFTS_KEY = ["shifts"] as const;
export const ACTIVE_SHIFTS_KEY = [...SHIFTS_KEY, "active"] as const;

/** TanStack Query keys of the suppliers. */
export const SUPPLIERS_KEY = ["suppliers"] as const;

/** TanStack Query keys of trips (IntermediateRoute) and boardings (TransportService). */
export const TRIPS_KEY = ["trips"] as const;
export const CURRENT_TRIPS_KEY = [...TRIPS_KEY, "current"] as const;
export const ACTIVE_TRIPS_KEY = [...TRIPS_KEY, "active"] as const;
export const TRIP_HISTORY_KEY = [...TRIPS_KEY, "history"] as const;
export const TRIP_DETAIL_KEY = [...TRIPS_KEY, "detail"] as const;
export const TRIP_RIDERS_KEY = [...TRIPS_KEY, "riders"] as const;
export const TRIP_FILTER_OPTIONS_KEY = [...TRIPS_KEY, "filter-options"] as const;

/** TanStack Query keys of the control room's incidents (issue 25): the panel's lists, a trip's view, thresholds. */
export const INCIDENTS_KEY = ["incidents"] as const;
export const INCIDENT_LIST_KEY = [...INCIDENTS_KEY, "list"] as const;
export const INCIDENT_TRIP_KEY = [...INCIDENTS_KEY, "trip"] as const;
export const INCIDENT_THRESHOLDS_KEY = [...INCIDENTS_KEY, "thresholds"] as const;

/** TanStack Query keys of «Reservas» (issue 35): a day's routes and a route's manifest; an admin's change reloads them. */
export const BOOKINGS_KEY = ["bookings"] as const;

/** TanStack Query keys of the users. */
export const USERS_KEY = ["users"] as const;

/** TanStack Query keys of Planificación (the context of a shift and workplace). */
export const PLANNING_KEY = ["planning"] as const;
