import { API } from "@treiber/contract/api-paths";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { buildTestApp, testConfig } from "../helpers/test-app.js";

const ORIGIN = "https://web.empresa.do";

describe("CORS with CORS_ORIGINS (issue 12 item 10)", () => {
  it("a preflight allows every method and header the API uses", async () => {
    const app = await buildTestApp({ config: testConfig({ CORS_ORIGINS: ORIGIN }) });
    try {
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const response = await app.inject({
          method: "OPTIONS",
          url: API.branchOffice.create.path,
          headers: {
            origin: ORIGIN,
            "access-control-request-method": method,
            "access-control-request-headers": "authorization,content-type,gmt",
          },
        });
        expect(response.statusCode).toBe(204);
        expect(response.headers["access-control-allow-origin"]).toBe(ORIGIN);
        const methods = String(response.headers["access-control-allow-methods"])
          .split(",")
          .map((item) => item.trim());
        expect(methods).toEqual(expect.arrayContaining(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]));
        const headers = String(response.headers["access-control-allow-headers"])
          .toLowerCase()
          .split(",")
          .map((item) => item.trim());
        expect(headers).toEqual(expect.arrayContaining(["authorization", "content-type", "gmt"]));
      }
      const actual = await app.inject({ method: "GET", url: "/health", headers: { origin: ORIGIN } });
      expect(actual.headers["access-control-allow-origin"]).toBe(ORIGIN);
      expect(String(actual.headers["access-control-expose-headers"])).toContain("content-disposition");
    } finally {
      await app.close();
    }
  });

  it("another origin gets no CORS headers", async () => {
    const app = await buildTestApp({ config: testConfig({ CORS_ORIGINS: ORIGIN }) });
    try {
      const response = await app.inject({
        method: "OPTIONS",
        url: API.branchOffice.create.path,
        headers: { origin: "https://otro.example", "access-control-request-method": "PUT" },
      });
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe("/docs (API_DOCS)", () => {
  it("on by default for the embedded demo, off with DATABASE_URL or NODE_ENV=production", () => {
    const base = { JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/treiber-test-data" };
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: "postgres://h/db" }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: "production" }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: "production", API_DOCS: "true" }).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: "false" }).apiDocs).toBe(false);
  });

  it("API_DOCS=false serves neither Swagger UI nor the OpenAPI JSON", async () => {
    const app = await buildTestApp({ config: testConfig({ API_DOCS: "false" }) });
    try {
      for (const url of ["/docs", "/docs/json", "/docs/static/index.html"]) {
        const response = await app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain("swagger");
        expect(response.body).not.toContain("openapi");
      }
    } finally {
      await app.close();
    }
  });

  it("API_DOCS=true serves them", async () => {
    const app = await buildTestApp({ config: testConfig({ API_DOCS: "true" }) });
    try {
      expect((await app.inject({ method: "GET", url: "/docs/json" })).json().openapi).toMatch(/^3\./);
    } finally {
      await app.close();
    }
  });
});
