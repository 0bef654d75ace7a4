import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe("OpenAPI documentation of live operations", () => {
  it("documents every trip, boarding and notification call, including the mobile-app ones", async () => {
    const response = await app.inject({ method: "GET", url: "/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/api/v1/IntermediateRoute/current/list",
        "/api/v1/IntermediateRoute/current/{id}",
        "/api/v1/IntermediateRoute/listActive",
        "/api/v1/IntermediateRoute/Start",
        "/api/v1/IntermediateRoute/End",
        "/api/v1/IntermediateRoute/history",
        "/api/v1/IntermediateRoute/detail",
        "/api/v1/IntermediateRoute/comments/{intermediateRouteId}/{employeeId}",
        "/api/v1/IntermediateRoute/comment",
        "/api/v1/IntermediateRoute/driverRoutes",
        "/api/v1/TransportService",
        "/api/v1/TransportService/listEmployee",
        "/api/v1/TransportService/finished/listEmployee",
        "/api/v1/TransportService/cancelService/comment/{intermediateRouteId}/{employeeId}",
        "/api/v1/TransportService/cancelService",
        "/api/v1/TransportService/current",
        "/api/v1/Notification/list",
      ]),
    );
  });
});

describe("OpenAPI documentation of the Treiber App calls", () => {
  it("documents today's routes, my routes, manual boarding and the actionId of field actions", async () => {
    const response = await app.inject({ method: "GET", url: "/docs/json" });
    const { paths } = response.json();
    expect(Object.keys(paths)).toEqual(
      expect.arrayContaining([
        "/api/v1/IntermediateRoute/today",
        "/api/v1/Employee/myRoutes",
        "/api/v1/TransportService/manual",
      ]),
    );
    expect(paths["/api/v1/TransportService/manual"].post.summary).toContain("sin QR");
    for (const [path, method] of [
      ["/api/v1/IntermediateRoute/Start", "put"],
      ["/api/v1/IntermediateRoute/End", "put"],
      ["/api/v1/IntermediateRoute/comment", "post"],
      ["/api/v1/IntermediateRoute/position", "post"],
      ["/api/v1/TransportService", "post"],
      ["/api/v1/TransportService/manual", "post"],
      ["/api/v1/TransportService/cancelService", "post"],
    ] as const) {
      expect(paths[path][method].description, path).toContain("actionId");
    }
  });
});
