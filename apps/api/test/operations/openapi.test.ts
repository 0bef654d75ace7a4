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
