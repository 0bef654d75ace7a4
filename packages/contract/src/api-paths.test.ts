import { describe, expect, it } from "vitest";
import { API, API_ENDPOINTS, API_PREFIX, apiPath, clientPath, routePath } from "./api-paths.js";

describe("API paths table", () => {
  it("holds each method + path once", () => {
    const keys = API_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    const duplicates = keys.filter((key, i) => keys.indexOf(key) !== i);
    expect(duplicates).toEqual([]);
  });

  it("holds no two paths that differ only in casing under one method (the server matches case-insensitively)", () => {
    const keys = API_ENDPOINTS.map((e) => `${e.method} ${e.path.toLowerCase()}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it("starts every path with /api/v1/", () => {
    expect(API_PREFIX).toBe("/api/v1");
    for (const endpoint of API_ENDPOINTS) expect(endpoint.path.startsWith(`${API_PREFIX}/`)).toBe(true);
  });

  it("derives the Fastify route, the whole path and the client's path", () => {
    expect(routePath(API.intermediateRoute.comments)).toBe(
      "/api/v1/IntermediateRoute/comments/:intermediateRouteId/:employeeId",
    );
    expect(routePath(API.auth.signIn)).toBe("/api/v1/Auth/SignIn");
    expect(apiPath(API.profileImage.get, { userId: 7 })).toBe("/api/v1/ProfileImage/7");
    expect(apiPath(API.auth.signIn)).toBe("/api/v1/Auth/SignIn");
    expect(clientPath(API.intermediateRoute.current, { id: 12 })).toBe("/IntermediateRoute/current/12");
    expect(clientPath(API.branchOffice.reportExcel)).toBe("/branchOffice/report/excel");
    expect(apiPath(API.cut.get, { id: "a/b" })).toBe("/api/v1/Cut/a%2Fb");
  });
});
