import type { ApiKeyScope } from "@treiber/contract";
import { API, type ApiEndpoint, routePath } from "@treiber/contract/api-paths";

/**
 * What each scope of an API key lets a system do (decision 0083): operations of the API table,
 * by method and path. Anything else answers 403 to a key: sign-in, passwords and roles
 * (`Auth/*` but the three account creations below), the keys themselves, the hub, every
 * rider's, driver's or supplier's own operation, and all planning and catalog changes.
 */
export const API_KEY_SCOPE_OPERATIONS: Record<ApiKeyScope, readonly ApiEndpoint[]> = {
  /** Reports and their Excel, billing cuts, the dashboard statistics. */
  "reports:read": [
    API.branchOffice.report,
    API.branchOffice.reportExcel,
    API.employee.report,
    API.employee.reportExcel,
    API.employee.servicesStats,
    API.driver.report,
    API.driver.reportExcel,
    API.driver.reportRouteNotScheduled,
    API.driver.reportRouteNotScheduledExcel,
    API.booking.report,
    API.booking.reportExcel,
    API.route.report,
    API.route.reportExcel,
    API.routeNotScheduled.report,
    API.routeNotScheduled.reportExcel,
    API.incident.report,
    API.incident.reportIncidents,
    API.incident.reportExcel,
    API.safeArrival.report,
    API.safeArrival.reportExcel,
    API.planning.savings,
    API.planning.savingsExcel,
    API.cut.list,
    API.cut.check,
    API.cut.get,
    API.cut.general,
    API.cut.headboard,
    API.cut.generalExcel,
    API.cut.headboardExcel,
    API.intermediateRoute.servicesStats,
    API.supplier.serviceStats,
  ],
  /**
   * An HR system's: collaborators and drivers created (the sign-ups: a collaborator only, see
   * `bodyRules`), updated, activated or deactivated, and read; the branch offices' and suppliers'
   * names their ids refer to.
   */
  "people:write": [
    API.auth.employeeSignup,
    API.auth.employeeLocationSignup,
    API.auth.driverSignup,
    API.employee.search,
    API.employee.searchCollaborators,
    API.employee.list,
    API.employee.update,
    API.employee.status,
    API.employee.updateLocation,
    API.employee.addLocation,
    API.employee.locationInfo,
    API.driver.list,
    API.driver.listName,
    API.driver.withSupplierList,
    API.driver.update,
    API.driver.status,
    API.branchOffice.listName,
    API.supplier.listName,
  ],
  /** Routes, shifts, a route's stops and riders, destinations, unscheduled routes, the days. */
  "routes:read": [
    API.route.list,
    API.route.listName,
    API.route.assignments,
    API.route.stops,
    API.employee.routes,
    API.driver.routes,
    API.shift.list,
    API.destination.list,
    API.destination.listName,
    API.destination.forList,
    API.routeNotScheduled.list,
    API.branchOffice.list,
    API.branchOffice.listName,
    API.day.list,
  ],
  /** Trips (IntermediateRoute), boardings (TransportService), a trip's manifest, incidents. */
  "trips:read": [
    API.intermediateRoute.currentList,
    API.intermediateRoute.current,
    API.intermediateRoute.listActive,
    API.intermediateRoute.history,
    API.intermediateRoute.detail,
    API.intermediateRoute.comments,
    API.intermediateRoute.sheet,
    API.transportService.listEmployee,
    API.transportService.finishedListEmployee,
    API.transportService.cancelComment,
    API.booking.manifest,
    API.incident.list,
    API.incident.trip,
    API.incident.thresholds,
  ],
  "webhooks:manage": Object.values(API.webhook),
};

/** `METHOD /path` as Fastify registered it (lower case: the router ignores case, decision 0003). */
const operationKey = (method: string, url: string) =>
  `${method === "HEAD" ? "GET" : method} ${url.toLowerCase()}`;

const scopesByOperation = new Map<string, Set<ApiKeyScope>>();
for (const [scope, endpoints] of Object.entries(API_KEY_SCOPE_OPERATIONS) as [
  ApiKeyScope,
  readonly ApiEndpoint[],
][]) {
  for (const endpoint of endpoints) {
    const key = operationKey(endpoint.method, routePath(endpoint));
    const scopes = scopesByOperation.get(key) ?? new Set();
    scopes.add(scope);
    scopesByOperation.set(key, scopes);
  }
}

/** Whether a key with `scopes` may call the route `url` (as registered, `:id`) with `method`. */
export function scopesAllow(scopes: readonly ApiKeyScope[], method: string, url: string): boolean {
  const allowed = scopesByOperation.get(operationKey(method, url));
  return allowed !== undefined && scopes.some((scope) => allowed.has(scope));
}

/**
 * Limits on what a key sends, checked once the body is parsed: a key creates collaborators only
 * (an Admin or SuperAdmin account is a person's decision, with a session).
 */
const bodyRules = new Map<string, (body: unknown) => boolean>(
  [API.auth.employeeSignup, API.auth.employeeLocationSignup].map((endpoint) => [
    operationKey(endpoint.method, routePath(endpoint)),
    (body) => ((body as { role?: string } | undefined)?.role ?? "Collaborator") === "Collaborator",
  ]),
);

/** False when the operation limits a key's input and `body` goes past it. */
export function bodyAllowed(method: string, url: string, body: unknown): boolean {
  return bodyRules.get(operationKey(method, url))?.(body) ?? true;
}
