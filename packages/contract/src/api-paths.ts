/**
 * Every HTTP operation of the API, its method and path written once (product spec §7, to the
 * letter, casing included: the server matches paths case-insensitively, decision 0003, and some
 * clients use the spec's lowercase variants on purpose). Plain constants, no schemas: a client page
 * imports `@treiber/contract/api-paths` and none of zod (like `@treiber/contract/hub-names`).
 *
 * A path is stored whole, under `API_PREFIX`, with its parameters as `{name}` (the spec's and the
 * OpenAPI document's syntax). The helpers derive what each side needs:
 * - `routePath(API.x.y)`: the Fastify route (`{id}` → `:id`);
 * - `apiPath(API.x.y, params)`: the whole path, parameters filled (tests, links to the API);
 * - `clientPath(API.x.y, params)`: the same under the HTTP clients' baseURL `API_PREFIX`.
 */

/** The prefix of every API path; the web, field and simulator HTTP clients use it as their baseURL. */
export const API_PREFIX = "/api/v1";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiEndpoint {
  readonly method: ApiMethod;
  readonly path: `${typeof API_PREFIX}/${string}`;
}

const GET = "GET";
const POST = "POST";
const PUT = "PUT";
const DELETE = "DELETE";

export const API = {
  auth: {
    signIn: { method: POST, path: "/api/v1/Auth/SignIn" },
    refreshToken: { method: POST, path: "/api/v1/Auth/refresh-token" },
    revokeToken: { method: POST, path: "/api/v1/Auth/revoke-token" },
    changePassword: { method: PUT, path: "/api/v1/Auth/changePassword" },
    forgetPassword: { method: POST, path: "/api/v1/Auth/forgetPassword" },
    changePasswordForget: { method: PUT, path: "/api/v1/Auth/changePasswordForget" },
    regeneratePassword: { method: PUT, path: "/api/v1/Auth/RegeneratePassword" },
    roles: { method: GET, path: "/api/v1/Auth/role" },
    roleUser: { method: POST, path: "/api/v1/Auth/roleUser" },
    employeeSignup: { method: POST, path: "/api/v1/Auth/employeeSignup" },
    employeeLocationSignup: { method: POST, path: "/api/v1/Auth/employeeLocationSignup" },
    driverSignup: { method: POST, path: "/api/v1/Auth/driverSignup" },
    /** A user of a supplier, for the supplier portal (issue 37). */
    supplierSignup: { method: POST, path: "/api/v1/Auth/supplierSignup" },
    /** Issue 39: how the login pages may sign in (company account or not). Public. */
    signInOptions: { method: GET, path: "/api/v1/Auth/signInOptions" },
    /** Issue 39: the browser leaves for the identity provider (302). Public. */
    oidcStart: { method: GET, path: "/api/v1/Auth/oidc/start" },
    /** Issue 39: the identity provider sends the browser back here (302 to the login page). */
    oidcCallback: { method: GET, path: "/api/v1/Auth/oidc/callback" },
    /** Issue 39: the login page exchanges the one-time hand-off code for Treiber's session. */
    oidcSession: { method: POST, path: "/api/v1/Auth/oidc/session" },
  },
  branchOffice: {
    create: { method: POST, path: "/api/v1/BranchOffice" },
    update: { method: PUT, path: "/api/v1/BranchOffice" },
    list: { method: GET, path: "/api/v1/BranchOffice/list" },
    status: { method: PUT, path: "/api/v1/BranchOffice/status" },
    listName: { method: GET, path: "/api/v1/BranchOffice/listName" },
    report: { method: GET, path: "/api/v1/BranchOffice/report" },
    reportExcel: { method: GET, path: "/api/v1/branchOffice/report/excel" },
  },
  employee: {
    search: { method: GET, path: "/api/v1/Employee" },
    searchCollaborators: { method: GET, path: "/api/v1/Collaborator" },
    list: { method: GET, path: "/api/v1/Employee/list" },
    update: { method: PUT, path: "/api/v1/Employee" },
    status: { method: PUT, path: "/api/v1/Employee/status" },
    codeQr: { method: PUT, path: "/api/v1/Employee/CodeQr" },
    updateLocation: { method: PUT, path: "/api/v1/Employee/updateLocation" },
    addLocation: { method: POST, path: "/api/v1/Employee/addLocation" },
    locationInfo: { method: GET, path: "/api/v1/Employee/list/locationInfo" },
    forRouteNotSchedule: { method: GET, path: "/api/v1/Employee/list/forRouteNotSchedule" },
    profile: { method: GET, path: "/api/v1/Employee/Profile" },
    updateProfile: { method: PUT, path: "/api/v1/Employee/Profile" },
    routes: { method: GET, path: "/api/v1/Employee/route" },
    addRoute: { method: PUT, path: "/api/v1/Employee/addRoute" },
    removeRoute: { method: DELETE, path: "/api/v1/Employee/removeRoute" },
    report: { method: GET, path: "/api/v1/Employee/report" },
    reportExcel: { method: GET, path: "/api/v1/employee/report/excel" },
    servicesStats: { method: GET, path: "/api/v1/Employee/services/stats" },
    myRoutes: { method: GET, path: "/api/v1/Employee/myRoutes" },
    myLocation: { method: GET, path: "/api/v1/Employee/myLocation" },
    importTemplate: { method: GET, path: "/api/v1/Employee/import/template" },
    import: { method: POST, path: "/api/v1/Employee/import" },
    importErrors: { method: POST, path: "/api/v1/Employee/import/errors" },
  },
  /** Bookings (issue 35): each rider's trips by service date, cut-off, seats and waitlist. */
  booking: {
    my: { method: GET, path: "/api/v1/Booking/my" },
    routes: { method: GET, path: "/api/v1/Booking/routes" },
    cancel: { method: PUT, path: "/api/v1/Booking/cancel" },
    confirm: { method: PUT, path: "/api/v1/Booking/confirm" },
    manifest: { method: GET, path: "/api/v1/Booking/manifest" },
    admin: { method: PUT, path: "/api/v1/Booking/admin" },
    report: { method: GET, path: "/api/v1/Booking/report" },
    reportExcel: { method: GET, path: "/api/v1/Booking/report/excel" },
  },
  cut: {
    create: { method: POST, path: "/api/v1/Cut" },
    list: { method: GET, path: "/api/v1/Cut/list" },
    check: { method: GET, path: "/api/v1/Cut/check" },
    get: { method: GET, path: "/api/v1/Cut/{id}" },
    general: { method: GET, path: "/api/v1/Cut/General" },
    headboard: { method: GET, path: "/api/v1/Cut/Headboard" },
    generalExcel: { method: GET, path: "/api/v1/Cut/General/excel" },
    headboardExcel: { method: GET, path: "/api/v1/Cut/Headboard/excel" },
  },
  day: {
    list: { method: GET, path: "/api/v1/Day" },
  },
  /** Disputes on a cut's lines (issue 37): a supplier disputes a trip, an admin resolves it. */
  dispute: {
    create: { method: POST, path: "/api/v1/Dispute" },
    resolve: { method: PUT, path: "/api/v1/Dispute/resolve" },
    list: { method: GET, path: "/api/v1/Dispute/list" },
  },
  /** Papers that expire (issue 37): upload, list, review, file and «Cumplimiento». */
  document: {
    upload: { method: POST, path: "/api/v1/Document" },
    list: { method: GET, path: "/api/v1/Document/list" },
    approve: { method: PUT, path: "/api/v1/Document/approve" },
    file: { method: GET, path: "/api/v1/Document/{id}/file" },
    compliance: { method: GET, path: "/api/v1/Document/compliance" },
  },
  destination: {
    create: { method: POST, path: "/api/v1/Destination" },
    update: { method: PUT, path: "/api/v1/Destination" },
    list: { method: GET, path: "/api/v1/Destination/list" },
    listName: { method: GET, path: "/api/v1/Destination/listName" },
    forList: { method: GET, path: "/api/v1/Destination/ForList" },
  },
  /** «Factores de emisión» (issue 36): kg of CO₂ per km of each vehicle type. */
  emissionFactor: {
    list: { method: GET, path: "/api/v1/EmissionFactor/list" },
    update: { method: PUT, path: "/api/v1/EmissionFactor" },
  },
  driver: {
    list: { method: GET, path: "/api/v1/Driver/list" },
    status: { method: PUT, path: "/api/v1/Driver/status" },
    update: { method: PUT, path: "/api/v1/driver" },
    listName: { method: GET, path: "/api/v1/Driver/listName" },
    withSupplierList: { method: GET, path: "/api/v1/Driver/withSupplier/list" },
    codeQr: { method: PUT, path: "/api/v1/Driver/codeQr/{codeQrId}" },
    profile: { method: GET, path: "/api/v1/Driver/Profile" },
    routes: { method: GET, path: "/api/v1/Driver/route" },
    addRoute: { method: PUT, path: "/api/v1/Driver/addRoute" },
    removeRoute: { method: DELETE, path: "/api/v1/Driver/removeRoute" },
    report: { method: GET, path: "/api/v1/Driver/report" },
    reportExcel: { method: GET, path: "/api/v1/driver/report/excel" },
    reportRouteNotScheduled: { method: GET, path: "/api/v1/Driver/report/routeNotScheduled" },
    reportRouteNotScheduledExcel: { method: GET, path: "/api/v1/Driver/report/routeNotScheduled/excel" },
    importTemplate: { method: GET, path: "/api/v1/Driver/import/template" },
    import: { method: POST, path: "/api/v1/Driver/import" },
    importErrors: { method: POST, path: "/api/v1/Driver/import/errors" },
  },
  /** Invitations of imported accounts held until go-live («crear sin enviar», issue 33). */
  importInvitation: {
    held: { method: GET, path: "/api/v1/Import/invitations" },
    send: { method: POST, path: "/api/v1/Import/invitations/send" },
  },
  /** Trips (an intermediate route is one run of a route). */
  intermediateRoute: {
    currentList: { method: GET, path: "/api/v1/IntermediateRoute/current/list" },
    current: { method: GET, path: "/api/v1/IntermediateRoute/current/{id}" },
    listActive: { method: GET, path: "/api/v1/IntermediateRoute/listActive" },
    start: { method: PUT, path: "/api/v1/IntermediateRoute/Start" },
    end: { method: PUT, path: "/api/v1/IntermediateRoute/End" },
    history: { method: GET, path: "/api/v1/IntermediateRoute/history" },
    detail: { method: GET, path: "/api/v1/IntermediateRoute/detail" },
    comments: { method: GET, path: "/api/v1/IntermediateRoute/comments/{intermediateRouteId}/{employeeId}" },
    comment: { method: POST, path: "/api/v1/IntermediateRoute/comment" },
    driverRoutes: { method: GET, path: "/api/v1/IntermediateRoute/driverRoutes" },
    today: { method: GET, path: "/api/v1/IntermediateRoute/today" },
    position: { method: POST, path: "/api/v1/IntermediateRoute/position" },
    sheet: { method: GET, path: "/api/v1/IntermediateRoute/sheet" },
    servicesStats: { method: GET, path: "/api/v1/IntermediateRoute/services/stats" },
  },
  /** Treiber App's outbox: queued field actions sent together after an outage. */
  fieldAction: {
    batch: { method: POST, path: "/api/v1/FieldAction/batch" },
  },
  /** The control room (issue 25): incidents against the plan, per branch office thresholds. */
  incident: {
    list: { method: GET, path: "/api/v1/Incident/list" },
    acknowledge: { method: PUT, path: "/api/v1/Incident/acknowledge" },
    trip: { method: GET, path: "/api/v1/Incident/trip/{intermediateRouteId}" },
    thresholds: { method: GET, path: "/api/v1/Incident/thresholds" },
    saveThresholds: { method: PUT, path: "/api/v1/Incident/thresholds" },
    report: { method: GET, path: "/api/v1/Incident/report" },
    /** The report's incidents one by one (issue 33): times, who attended, the note, minutes open. */
    reportIncidents: { method: GET, path: "/api/v1/Incident/report/incidents" },
    reportExcel: { method: GET, path: "/api/v1/Incident/report/excel" },
    /** Safety incidents only (SOS, SAFE_ARRIVAL_UNCONFIRMED): a note and an outcome (issue 38). */
    close: { method: PUT, path: "/api/v1/Incident/close" },
  },
  /** Issue 38: an SOS from Treiber App and the position that follows it. */
  sos: {
    raise: { method: POST, path: "/api/v1/Sos" },
    position: { method: POST, path: "/api/v1/Sos/position" },
    contact: { method: GET, path: "/api/v1/Sos/contact" },
    positions: { method: GET, path: "/api/v1/Sos/{incidentId}/positions" },
  },
  /** Issue 38: a rider's trip shared by link; the GET needs no account. */
  tripShare: {
    create: { method: POST, path: "/api/v1/TripShare" },
    view: { method: GET, path: "/api/v1/TripShare/{token}" },
    revoke: { method: DELETE, path: "/api/v1/TripShare/{token}" },
  },
  /** Issue 39: keys for the company's systems (SuperAdmin). */
  apiKey: {
    create: { method: POST, path: "/api/v1/ApiKey" },
    list: { method: GET, path: "/api/v1/ApiKey/list" },
    revoke: { method: DELETE, path: "/api/v1/ApiKey/{id}" },
  },
  /** Issue 39: signed webhooks (SuperAdmin, or a key with webhooks:manage). */
  webhook: {
    create: { method: POST, path: "/api/v1/Webhook" },
    list: { method: GET, path: "/api/v1/Webhook/list" },
    remove: { method: DELETE, path: "/api/v1/Webhook/{id}" },
    deliveries: { method: GET, path: "/api/v1/Webhook/{id}/deliveries" },
    replay: { method: POST, path: "/api/v1/Webhook/delivery/{id}/replay" },
  },
  /** Issue 39: reports by e-mail on a schedule (Admin, SuperAdmin). */
  reportSchedule: {
    create: { method: POST, path: "/api/v1/ReportSchedule" },
    list: { method: GET, path: "/api/v1/ReportSchedule/list" },
    remove: { method: DELETE, path: "/api/v1/ReportSchedule/{id}" },
    runs: { method: GET, path: "/api/v1/ReportSchedule/{id}/runs" },
  },
  /** Issue 39: who changed what (SuperAdmin); append-only. */
  audit: {
    list: { method: GET, path: "/api/v1/Audit/list" },
  },
  /** Issue 38: «¿Llegó bien?» after a night drop. `answer` needs no session (the push's token). */
  safeArrival: {
    pending: { method: GET, path: "/api/v1/SafeArrival/pending" },
    confirm: { method: POST, path: "/api/v1/SafeArrival/confirm" },
    answer: { method: POST, path: "/api/v1/SafeArrival/answer" },
    report: { method: GET, path: "/api/v1/SafeArrival/report" },
    reportExcel: { method: GET, path: "/api/v1/SafeArrival/report/excel" },
  },
  /** Web Push for riders (Treiber App's opt-in, issue 25). */
  push: {
    publicKey: { method: GET, path: "/api/v1/Push/publicKey" },
    subscribe: { method: POST, path: "/api/v1/Push/subscription" },
    unsubscribe: { method: DELETE, path: "/api/v1/Push/subscription" },
  },
  notification: {
    unread: { method: GET, path: "/api/v1/Notification" },
    markAsRead: { method: PUT, path: "/api/v1/Notification/markAsRead/{id}" },
    markAsReadAll: { method: PUT, path: "/api/v1/Notification/markAsReadAll" },
    list: { method: GET, path: "/api/v1/Notification/list" },
  },
  profileImage: {
    upload: { method: PUT, path: "/api/v1/ProfileImage/{userId}" },
    get: { method: GET, path: "/api/v1/ProfileImage/{userId}" },
  },
  route: {
    create: { method: POST, path: "/api/v1/Route" },
    update: { method: PUT, path: "/api/v1/Route" },
    status: { method: PUT, path: "/api/v1/Route/status" },
    list: { method: GET, path: "/api/v1/Route/list" },
    listName: { method: GET, path: "/api/v1/Route/listName" },
    assignments: { method: GET, path: "/api/v1/Route/assignments" },
    report: { method: GET, path: "/api/v1/Route/report" },
    reportExcel: { method: GET, path: "/api/v1/Route/report/excel" },
    /** The route's ordered stops, planned times and riders per stop (issue 23). */
    stops: { method: GET, path: "/api/v1/Route/stops/{routeId}" },
    saveStops: { method: PUT, path: "/api/v1/Route/stops" },
  },
  routeNotScheduled: {
    create: { method: POST, path: "/api/v1/RouteNotScheduled" },
    update: { method: PUT, path: "/api/v1/RouteNotScheduled" },
    status: { method: PUT, path: "/api/v1/RouteNotScheduled/status" },
    list: { method: GET, path: "/api/v1/RouteNotScheduled/list" },
    report: { method: GET, path: "/api/v1/RouteNotScheduled/report" },
    reportExcel: { method: GET, path: "/api/v1/RouteNotScheduled/report/excel" },
  },
  /** Planificación: the planner's proposal for one shift and workplace, and applying it (issue 23). */
  planning: {
    context: { method: GET, path: "/api/v1/Planning/context" },
    propose: { method: POST, path: "/api/v1/Planning/propose" },
    apply: { method: POST, path: "/api/v1/Planning/apply" },
    /** The plan of one date for who rides (issue 36). */
    dayPropose: { method: POST, path: "/api/v1/Planning/day/propose" },
    dayApply: { method: POST, path: "/api/v1/Planning/day/apply" },
    day: { method: GET, path: "/api/v1/Planning/day" },
    dayDelete: { method: DELETE, path: "/api/v1/Planning/day" },
    /** «Reporte Ahorro» (issue 36): standing plan against the day's plan and what ran. */
    savings: { method: GET, path: "/api/v1/Planning/savings" },
    savingsExcel: { method: GET, path: "/api/v1/Planning/savings/excel" },
    /** «Toda la sucursal» (issue 36): every shift and workplace of a branch office, runs chained per vehicle. */
    companyPropose: { method: POST, path: "/api/v1/Planning/company/propose" },
  },
  /** Shifts (turnos) of a branch office (issue 23). */
  shift: {
    create: { method: POST, path: "/api/v1/Shift" },
    update: { method: PUT, path: "/api/v1/Shift" },
    list: { method: GET, path: "/api/v1/Shift/list" },
    status: { method: PUT, path: "/api/v1/Shift/status" },
  },
  supplier: {
    create: { method: POST, path: "/api/v1/Supplier" },
    update: { method: PUT, path: "/api/v1/Supplier" },
    list: { method: GET, path: "/api/v1/Supplier/list" },
    status: { method: PUT, path: "/api/v1/Supplier/status" },
    listName: { method: GET, path: "/api/v1/Supplier/listName" },
    serviceStats: { method: GET, path: "/api/v1/Supplier/service/stats" },
  },
  transportService: {
    /** A rider's QR scanned aboard: registers their use of the service. */
    scan: { method: POST, path: "/api/v1/TransportService" },
    manual: { method: POST, path: "/api/v1/TransportService/manual" },
    listEmployee: { method: GET, path: "/api/v1/TransportService/listEmployee" },
    finishedListEmployee: { method: GET, path: "/api/v1/TransportService/finished/listEmployee" },
    cancelComment: {
      method: GET,
      path: "/api/v1/TransportService/cancelService/comment/{intermediateRouteId}/{employeeId}",
    },
    cancel: { method: POST, path: "/api/v1/TransportService/cancelService" },
    current: { method: GET, path: "/api/v1/TransportService/current" },
    /** The driver records a confirmed rider as absent at the stop (issue 35). */
    noShow: { method: PUT, path: "/api/v1/TransportService/noShow" },
  },
  user: {
    list: { method: GET, path: "/api/v1/User/list" },
    status: { method: PUT, path: "/api/v1/User/status" },
  },
} as const satisfies Record<string, Record<string, ApiEndpoint>>;

/** Every endpoint of the table, flat. */
export const API_ENDPOINTS: readonly ApiEndpoint[] = Object.values(API).flatMap((area) =>
  Object.values(area),
);

/** The `{name}` parameters of a path, as a union of names. */
export type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParams<Rest>
  : never;

type ParamArgs<E extends ApiEndpoint> = [PathParams<E["path"]>] extends [never]
  ? []
  : [params: Record<PathParams<E["path"]>, string | number>];

/** The Fastify route of an endpoint: `{id}` → `:id`. */
export function routePath(endpoint: ApiEndpoint): string {
  return endpoint.path.replace(/\{(\w+)\}/g, ":$1");
}

/** The whole path of an endpoint (`/api/v1/…`), its `{name}` parameters filled and URI-encoded. */
export function apiPath<E extends ApiEndpoint>(endpoint: E, ...[params]: ParamArgs<E>): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${endpoint.path}`);
    return encodeURIComponent(String(value));
  });
}

/** The path under the HTTP clients' baseURL (`API_PREFIX`), its parameters filled. */
export function clientPath<E extends ApiEndpoint>(endpoint: E, ...params: ParamArgs<E>): string {
  return apiPath(endpoint, ...params).slice(API_PREFIX.length);
}
