import { afterAll, describe, expect, it } from "vitest";
import { auditOperation } from "../../src/modules/audit/audit-operation.js";
import { buildTestApp } from "../helpers/test-app.js";

const app = await buildTestApp();
afterAll(() => app.close());

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const mutating = app.routeTable.filter(
  (route) => MUTATING.has(route.method) && route.url.startsWith("/api/v1/"),
);
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe("which changes the trail records (decision 0084)", () => {
  it("every mutating route is recorded but this list: sessions and passwords, reads by POST, field actions", () => {
    const skipped = mutating.filter((route) => !auditOperation(route.method, route.url)).map(key);
    expect(skipped.sort()).toEqual(
      [
        "POST /api/v1/Auth/SignIn",
        "POST /api/v1/Auth/refresh-token",
        "POST /api/v1/Auth/revoke-token",
        "POST /api/v1/Auth/forgetPassword",
        "PUT /api/v1/Auth/changePassword",
        "PUT /api/v1/Auth/changePasswordForget",
        "POST /api/v1/Auth/oidc/session",
        "POST /api/v1/Planning/propose",
        "POST /api/v1/Planning/day/propose",
        "POST /api/v1/Planning/company/propose",
        "POST /api/v1/Employee/import/errors",
        "POST /api/v1/Driver/import/errors",
        "POST /api/v1/IntermediateRoute/position",
        "PUT /api/v1/IntermediateRoute/Start",
        "PUT /api/v1/IntermediateRoute/End",
        "POST /api/v1/IntermediateRoute/comment",
        "POST /api/v1/TransportService",
        "POST /api/v1/TransportService/manual",
        "POST /api/v1/TransportService/cancelService",
        "PUT /api/v1/TransportService/noShow",
        "POST /api/v1/Sos",
        "POST /api/v1/Sos/position",
        "POST /api/v1/SafeArrival/answer",
        "POST /api/v1/SafeArrival/confirm",
        "POST /api/v1/TripShare",
        "DELETE /api/v1/TripShare/:token",
        "POST /api/v1/Push/subscription",
        "DELETE /api/v1/Push/subscription",
        "POST /api/v1/FieldAction/batch",
        "PUT /api/v1/Notification/markAsRead/:id",
        "PUT /api/v1/Notification/markAsReadAll",
      ].sort(),
    );
  });

  it("names each operation by its entity and action", () => {
    const named = Object.fromEntries(
      mutating.map((route) => [key(route), auditOperation(route.method, route.url)]),
    );
    expect(named).toMatchObject({
      "POST /api/v1/BranchOffice": { entity: "BranchOffice", action: "create" },
      "PUT /api/v1/BranchOffice": { entity: "BranchOffice", action: "update" },
      "PUT /api/v1/Route/status": { entity: "Route", action: "status" },
      "PUT /api/v1/driver": { entity: "Driver", action: "update" },
      "DELETE /api/v1/Employee/removeRoute": { entity: "Employee", action: "removeRoute" },
      "DELETE /api/v1/Planning/day": { entity: "Planning", action: "day.delete" },
      "POST /api/v1/Auth/roleUser": { entity: "User", action: "role" },
      "PUT /api/v1/Incident/thresholds": { entity: "IncidentThresholds", action: "update" },
      "PUT /api/v1/Booking/confirm": { entity: "Booking", action: "confirm" },
      "POST /api/v1/Cut": { entity: "Cut", action: "create" },
      "POST /api/v1/Document": { entity: "Document", action: "create" },
      "POST /api/v1/ApiKey": { entity: "ApiKey", action: "create" },
      "DELETE /api/v1/ApiKey/:id": { entity: "ApiKey", action: "delete" },
      "DELETE /api/v1/Webhook/:id": { entity: "Webhook", action: "delete" },
    });
    expect(auditOperation("GET", "/api/v1/BranchOffice/list")).toBeUndefined();
    expect(auditOperation("POST", undefined)).toBeUndefined();
  });
});
