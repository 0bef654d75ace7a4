import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { tileSource } from "../../src/plugins/security-headers.js";
import { buildTestApp, testConfig, testDatabase } from "../helpers/test-app.js";

/** The CSP header as directive → sources. */
function csp(header: unknown) {
  expect(typeof header).toBe("string");
  return new Map(
    String(header)
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = "", ...sources]) => [name, sources]),
  );
}

const webDist = mkdtempSync(join(tmpdir(), "treiber-web-"));
writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Treiber</title>");

let app: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  app = await buildTestApp({ config: testConfig({ WEB_DIST_DIR: webDist }) });
});
afterAll(() => app.close());

describe("security headers", () => {
  it("every answer (page, API, 404, docs) carries the CSP, nosniff, no framing and the referrer policy", async () => {
    for (const url of ["/", "/operations/map", "/health", "/api/v1/Nope", "/docs", "/docs/json"]) {
      const res = await app.inject({ url, headers: { host: "treiber.example:8443" } });
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["x-frame-options"], url).toBe("DENY");
      expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
      const policy = csp(res.headers["content-security-policy"]);
      expect(policy.get("default-src")).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
      expect(policy.get("script-src")).toEqual(["'self'"]);
      expect(policy.get("object-src")).toEqual(["'none'"]);
      expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get("img-src")).toEqual(["'self'", "data:", "blob:", "https://tile.openstreetmap.org"]);
      expect(policy.get("connect-src")).toEqual([
        "'self'",
        "ws://treiber.example:8443",
        "wss://treiber.example:8443",
      ]);
      expect(policy.has("upgrade-insecure-requests")).toBe(false);
      // Plain HTTP, no trusted proxy: no HSTS.
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });

  it("a host header that is not a plain host leaves the hub to 'self'", async () => {
    const res = await app.inject({ url: "/health", headers: { host: "evil; script-src *" } });
    expect(csp(res.headers["content-security-policy"]).get("connect-src")).toEqual(["'self'"]);
  });

  it("the tile host of VITE_MAP_TILE_URL is allowed for images", async () => {
    const tiled = await buildApp({
      config: testConfig({ VITE_MAP_TILE_URL: "https://{s}.tiles.example.org/osm/{z}/{x}/{y}.png" }),
      database: await testDatabase(),
      logger: false,
    });
    const res = await tiled.inject({ url: "/health" });
    expect(csp(res.headers["content-security-policy"]).get("img-src")).toContain(
      "https://*.tiles.example.org",
    );
    await tiled.close();
    expect(tileSource(undefined)).toBe("https://tile.openstreetmap.org");
    expect(tileSource("http://localhost:8081/tiles/{z}/{x}/{y}.png")).toBe("http://localhost:8081");
    expect(tileSource("/tiles/{z}/{x}/{y}.png")).toBeUndefined();
  });

  it("HSTS only when the request came over HTTPS through a trusted proxy", async () => {
    const forwarded = { "x-forwarded-proto": "https" };
    // Not trusted: the header is anyone's to send.
    expect(
      (await app.inject({ url: "/health", headers: forwarded })).headers["strict-transport-security"],
    ).toBe(undefined);
    const proxied = await buildApp({
      config: testConfig({ TRUST_PROXY: "1" }),
      database: await testDatabase(),
      logger: false,
    });
    const res = await proxied.inject({ url: "/health", headers: forwarded });
    expect(res.headers["strict-transport-security"]).toBe("max-age=15552000");
    const plain = await proxied.inject({ url: "/health", headers: { "x-forwarded-proto": "http" } });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    await proxied.close();
  });
});
