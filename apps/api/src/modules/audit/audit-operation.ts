/**
 * Which API calls the audit trail records and how it names them (decision 0084): every successful
 * POST/PUT/PATCH/DELETE under /api/v1 but the ones below, named by the path's first segment (the
 * entity: `BranchOffice`, `Route`…) and the operation (the rest of the path, or create/update/delete).
 */

const API_PREFIX = "/api/v1/";
const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Not recorded: the session and password flows (a sign-in is not a change of data; who signs in
 * is in the sessions), reads made as POST (the planner's proposals, the import's error workbook),
 * the field actions of riders and drivers (boardings, positions, trips started and ended, SOS,
 * «¿Llegó bien?», shared trips, push subscriptions, the outbox batch: operations, not master data,
 * kept in their own tables) and marking one's notifications as read.
 */
const NOT_RECORDED = [
  /^Auth\/(SignIn|refresh-token|revoke-token|forgetPassword|changePassword|changePasswordForget|oidc\/session)$/i,
  /^Planning\/(propose|day\/propose|company\/propose)$/i,
  /^(Employee|Driver)\/import\/errors$/i,
  /^IntermediateRoute\/(position|Start|End|comment)$/i,
  /^TransportService(\/|$)/i,
  /^(Sos|SafeArrival|TripShare|Push|FieldAction|Notification)(\/|$)/i,
  /^Audit(\/|$)/i,
];

/** Calls named apart from their path: the entity they change and how. */
const RENAMED: Record<string, { entity: string; action: string }> = {
  "POST Auth/roleUser": { entity: "User", action: "role" },
  "PUT Auth/RegeneratePassword": { entity: "User", action: "regeneratePassword" },
  "POST Auth/employeeSignup": { entity: "Employee", action: "signup" },
  "POST Auth/employeeLocationSignup": { entity: "Employee", action: "signup" },
  "POST Auth/driverSignup": { entity: "Driver", action: "signup" },
  "POST Auth/supplierSignup": { entity: "Supplier", action: "signup" },
  "PUT Incident/thresholds": { entity: "IncidentThresholds", action: "update" },
  "PUT driver": { entity: "Driver", action: "update" },
};

export type AuditOperation = { entity: string; action: string };

const isParam = (segment: string) => segment.startsWith(":") || segment.startsWith("{");

/**
 * The operation of a route (its declared URL, `/api/v1/Route/:id`), or undefined when the call is
 * not recorded.
 */
export function auditOperation(method: string, routeUrl: string | undefined): AuditOperation | undefined {
  if (!routeUrl || !MUTATING.has(method) || !routeUrl.startsWith(API_PREFIX)) return undefined;
  const path = routeUrl.slice(API_PREFIX.length).replace(/\/+$/, "");
  if (NOT_RECORDED.some((pattern) => pattern.test(path))) return undefined;
  const segments = path.split("/").filter((segment) => segment && !isParam(segment));
  const renamed = RENAMED[`${method} ${segments.join("/")}`];
  if (renamed) return renamed;
  const [first = "", ...rest] = segments;
  const entity = first.charAt(0).toUpperCase() + first.slice(1);
  if (!rest.length) {
    const action = method === "POST" ? "create" : method === "DELETE" ? "delete" : "update";
    return { entity, action };
  }
  const action = rest.join(".");
  return {
    entity,
    action: method === "DELETE" && !/^(remove|delete)/i.test(action) ? `${action}.delete` : action,
  };
}
