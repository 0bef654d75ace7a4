import { API_KEY_SCOPES, type ApiKeyScope, INTEGRATION_MESSAGES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DeclaredRoute } from "../../src/plugins/access.js";
import { buildTestApp, signedInAs } from "../helpers/test-app.js";

/**
 * Every operation of the route table × a key of each scope (decision 0083): what a scope allows,
 * written out here by hand (not read from the map it checks), answers anything but 401 and 403;
 * every other non-public operation answers 403 with the scope message. A new route is a key's
 * 403 until someone adds it to a scope and to this list.
 */
const EXPECTED: Record<ApiKeyScope, readonly string[]> = {
  "reports:read": [
    "GET /api/v1/BranchOffice/report",
    "GET /api/v1/branchOffice/report/excel",
    "GET /api/v1/Employee/report",
    "GET /api/v1/employee/report/excel",
    "GET /api/v1/Employee/services/stats",
    "GET /api/v1/Driver/report",
    "GET /api/v1/driver/report/excel",
    "GET /api/v1/Driver/report/routeNotScheduled",
    "GET /api/v1/Driver/report/routeNotScheduled/excel",
    "GET /api/v1/Booking/report",
    "GET /api/v1/Booking/report/excel",
    "GET /api/v1/Route/report",
    "GET /api/v1/Route/report/excel",
    "GET /api/v1/RouteNotScheduled/report",
    "GET /api/v1/RouteNotScheduled/report/excel",
    "GET /api/v1/Incident/report",
    "GET /api/v1/Incident/report/incidents",
    "GET /api/v1/Incident/report/excel",
    "GET /api/v1/SafeArrival/report",
    "GET /api/v1/SafeArrival/report/excel",
    "GET /api/v1/Planning/savings",
    "GET /api/v1/Planning/savings/excel",
    "GET /api/v1/Cut/list",
    "GET /api/v1/Cut/check",
    "GET /api/v1/Cut/:id",
    "GET /api/v1/Cut/General",
    "GET /api/v1/Cut/Headboard",
    "GET /api/v1/Cut/General/excel",
    "GET /api/v1/Cut/Headboard/excel",
    "GET /api/v1/IntermediateRoute/services/stats",
    "GET /api/v1/Supplier/service/stats",
  ],
  "people:write": [
    "POST /api/v1/Auth/employeeSignup",
    "POST /api/v1/Auth/employeeLocationSignup",
    "POST /api/v1/Auth/driverSignup",
    "GET /api/v1/Employee",
    "GET /api/v1/Collaborator",
    "GET /api/v1/Employee/list",
    "PUT /api/v1/Employee",
    "PUT /api/v1/Employee/status",
    "PUT /api/v1/Employee/updateLocation",
    "POST /api/v1/Employee/addLocation",
    "GET /api/v1/Employee/list/locationInfo",
    "GET /api/v1/Driver/list",
    "GET /api/v1/Driver/listName",
    "GET /api/v1/Driver/withSupplier/list",
    "PUT /api/v1/driver",
    "PUT /api/v1/Driver/status",
    "GET /api/v1/BranchOffice/listName",
    "GET /api/v1/Supplier/listName",
  ],
  "routes:read": [
    "GET /api/v1/Route/list",
    "GET /api/v1/Route/listName",
    "GET /api/v1/Route/assignments",
    "GET /api/v1/Route/stops/:routeId",
    "GET /api/v1/Employee/route",
    "GET /api/v1/Driver/route",
    "GET /api/v1/Shift/list",
    "GET /api/v1/Destination/list",
    "GET /api/v1/Destination/listName",
    "GET /api/v1/Destination/ForList",
    "GET /api/v1/RouteNotScheduled/list",
    "GET /api/v1/BranchOffice/list",
    "GET /api/v1/BranchOffice/listName",
    "GET /api/v1/Day",
  ],
  "trips:read": [
    "GET /api/v1/IntermediateRoute/current/list",
    "GET /api/v1/IntermediateRoute/current/:id",
    "GET /api/v1/IntermediateRoute/listActive",
    "GET /api/v1/IntermediateRoute/history",
    "GET /api/v1/IntermediateRoute/detail",
    "GET /api/v1/IntermediateRoute/comments/:intermediateRouteId/:employeeId",
    "GET /api/v1/IntermediateRoute/sheet",
    "GET /api/v1/TransportService/listEmployee",
    "GET /api/v1/TransportService/finished/listEmployee",
    "GET /api/v1/TransportService/cancelService/comment/:intermediateRouteId/:employeeId",
    "GET /api/v1/Booking/manifest",
    "GET /api/v1/Incident/list",
    "GET /api/v1/Incident/trip/:intermediateRouteId",
    "GET /api/v1/Incident/thresholds",
  ],
  "webhooks:manage": [
    "POST /api/v1/Webhook",
    "GET /api/v1/Webhook/list",
    "DELETE /api/v1/Webhook/:id",
    "GET /api/v1/Webhook/:id/deliveries",
    "POST /api/v1/Webhook/delivery/:id/replay",
  ],
};

const keyOf = (method: string, url: string) => `${method} ${url}`.toLowerCase();

const app = await buildTestApp();
const routes = app.routeTable.filter(
  (route) =>
    route.url.startsWith("/api/") &&
    route.method !== "HEAD" &&
    route.method !== "OPTIONS" &&
    route.access !== "public",
);
const keys = new Map<ApiKeyScope, string>();

beforeAll(async () => {
  const superAdmin = await signedInAs(app, "SuperAdmin");
  for (const scope of API_KEY_SCOPES) {
    const response = await app.inject({
      method: "POST",
      url: API.apiKey.create.path,
      headers: superAdmin.headers,
      payload: { name: `Sistema ${scope}`, scopes: [scope] },
    });
    expect(response.statusCode, response.body).toBe(201);
    keys.set(scope, response.json().key);
  }
});
afterAll(() => app.close());

/** A harmless request (unknown ids, an empty JSON body) with the key. */
function requestFor(route: DeclaredRoute, key: string) {
  const url = route.url.replace(/:(\w+)/g, (_match, name: string) =>
    name === "codeQrId" ? "no-existe" : "999999999",
  );
  const hasBody = route.method !== "GET" && route.method !== "DELETE";
  return {
    method: route.method as "GET",
    url,
    headers: { gmt: "0", authorization: `Bearer ${key}` },
    ...(hasBody && { payload: {} }),
  };
}

describe("API key scopes over every operation of the route table", () => {
  it("every operation a scope allows exists in the route table", () => {
    const table = new Set(routes.map((route) => keyOf(route.method, route.url)));
    const missing = Object.values(EXPECTED)
      .flat()
      .filter((operation) => !table.has(operation.toLowerCase()));
    expect(missing).toEqual([]);
  });

  for (const scope of API_KEY_SCOPES) {
    it(`a ${scope} key: its operations go through, every other answers 403`, async () => {
      const key = keys.get(scope) ?? "";
      const allowed = new Set(EXPECTED[scope].map((operation) => operation.toLowerCase()));
      const mismatches: string[] = [];
      for (const route of routes) {
        const response = await app.inject(requestFor(route, key));
        const operation = `${route.method} ${route.url}`;
        if (allowed.has(operation.toLowerCase())) {
          if (response.statusCode === 401 || response.statusCode === 403) {
            mismatches.push(`${operation}: ${response.statusCode} (expected allowed) ${response.body}`);
          }
        } else if (response.statusCode !== 403 || response.json().message !== INTEGRATION_MESSAGES.keyScope) {
          mismatches.push(`${operation}: ${response.statusCode} (expected 403) ${response.body}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});
