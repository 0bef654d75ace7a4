import { API_ENDPOINTS } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp } from "../helpers/test-app.js";

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe("API paths table (packages/contract)", () => {
  it("lists exactly the operations the server documents, method and path", async () => {
    const response = await app.inject({ method: "GET", url: "/docs/json" });
    const paths: Record<string, Record<string, unknown>> = response.json().paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith("/api/v1/"))
      .flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      );
    const table = API_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(documented.sort()).toEqual(table.sort());
  });
});
