import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.js";
import { testConfig, testDatabase } from "./helpers/test-app.js";

/** Two tiny builds: the back office and Treiber App, each with its own index.html. */
function writeBuilds(root: string) {
  const web = join(root, "web");
  const field = join(root, "field");
  mkdirSync(join(web, "assets"), { recursive: true });
  mkdirSync(join(field, "assets"), { recursive: true });
  writeFileSync(join(web, "index.html"), "<title>back office</title>");
  writeFileSync(join(web, "robots.txt"), "User-agent: *\nDisallow: /\n");
  writeFileSync(join(field, "index.html"), "<title>Treiber App</title>");
  writeFileSync(join(field, "sw.js"), "self.addEventListener('fetch', () => {});");
  writeFileSync(join(field, "manifest.webmanifest"), JSON.stringify({ name: "Treiber App" }));
  writeFileSync(join(field, "assets", "index-abc.js"), "console.log('app');");
  // What the build's compression plugin writes next to each text asset.
  const script = "console.log('back office');".repeat(100);
  writeFileSync(join(web, "assets", "index-def.js"), script);
  writeFileSync(join(web, "assets", "index-def.js.br"), brotliCompressSync(script));
  writeFileSync(join(web, "assets", "index-def.js.gz"), gzipSync(script));
  return { web, field };
}

describe("Treiber App served at /app", () => {
  let root: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "treiber-spa-"));
    const builds = writeBuilds(root);
    app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: builds.web, FIELD_DIST_DIR: builds.field }),
      database: await testDatabase(),
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers /app/ and any /app/* page with the app's own index.html, never cached", async () => {
    for (const url of ["/app/", "/app/hoy", "/app/qr?x=1"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain("Treiber App");
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("redirects /app to /app/", async () => {
    const response = await app.inject({ url: "/app" });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe("/app/");
  });

  it("serves the service worker and the manifest uncached, hashed assets for a year", async () => {
    const worker = await app.inject({ url: "/app/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const manifest = await app.inject({ url: "/app/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    const asset = await app.inject({ url: "/app/assets/index-abc.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("keeps the back office everywhere else and the API's JSON 404", async () => {
    const page = await app.inject({ url: "/codeQr" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("back office");
    const api = await app.inject({ url: "/api/v1/nothing-here" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404 });
  });

  it("answers a shared trip's public page, /seguir/<token>, with the back office's index.html (issue 38)", async () => {
    // A token is 32 random bytes in base64url: letters, digits, '-' and '_', never a dot.
    for (const url of [
      "/seguir/q3Zr-8_kLm0pX9vT2bN7aYc4dE6fG1hJ5sU0wQ-_xyz",
      "/Seguir/abc?utm_source=whatsapp",
    ]) {
      const page = await app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain("back office");
      expect(page.headers["cache-control"], url).toBe("no-cache");
    }
  });

  it("serves robots.txt as text/plain and answers a missing file with 404, not the page", async () => {
    const robots = await app.inject({ url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body).toContain("Disallow: /");
    for (const url of ["/foo.js", "/assets/index-old.css", "/app/assets/gone-123.js", "/favicon.ico?v=2"]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain("<title>");
    }
  });

  it("sends the build's brotli or gzip copy of a file to a browser that accepts it", async () => {
    const url = "/assets/index-def.js";
    const brotli = await app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toContain("javascript");
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain("back office");
    const gzip = await app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toContain("back office");
  });
});
