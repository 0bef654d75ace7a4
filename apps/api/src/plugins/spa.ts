import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { NOT_FOUND_MESSAGE } from "./error-handler.js";

const NON_SPA_PREFIXES = ["/api/", "/server", "/docs", "/health"];
/** Where Treiber App (apps/field) is served; the back office has everything else. */
export const FIELD_APP_PREFIX = "/app/";
/** Files of Treiber App that must never be cached: a new service worker or manifest is seen at once. */
const FIELD_NO_CACHE_FILES = new Set(["index.html", "sw.js", "manifest.webmanifest"]);
/**
 * A path whose last segment ends in a file extension (`/foo.js`, `/assets/old-123.css`,
 * `/robots.txt` when missing) names a file, not a page: a missing one answers 404 instead of the
 * SPA's HTML (a stale chunk then fails as a failed import, not as HTML parsed as JavaScript).
 */
const FILE_PATH = /\/[^/]*\.[a-z0-9]{1,12}$/i;

/** Hashed assets for a year; everything else (pages, service worker, manifest, icons) revalidated. */
function cacheControl(distDir: string, path: string): string {
  return path.startsWith(`${join(distDir, "assets")}`) ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Serves the built web apps: the back office at `/` and Treiber App at `/app/`, each file as the
 * brotli or gzip copy the build wrote next to it when the browser accepts one, each with hashed
 * assets cached for a year, `index.html`, `sw.js` and the manifest never cached, and any other GET
 * that is not the API, the hub, the docs or a file answered with the matching `index.html`
 * (history mode).
 */
export async function registerSpa(app: FastifyInstance, distDir: string, fieldDistDir?: string) {
  const hasSpa = existsSync(join(distDir, "index.html"));
  const hasFieldApp = fieldDistDir !== undefined && existsSync(join(fieldDistDir, "index.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        res.header("Cache-Control", cacheControl(distDir, path));
      },
    });
  }
  if (hasFieldApp) {
    await app.register(fastifyStatic, {
      root: fieldDistDir,
      prefix: FIELD_APP_PREFIX,
      wildcard: false,
      index: false,
      preCompressed: true,
      decorateReply: !hasSpa,
      setHeaders(res, path) {
        const name = path.slice(fieldDistDir.length).replace(/^[\\/]+/, "");
        res.header(
          "Cache-Control",
          FIELD_NO_CACHE_FILES.has(name) ? "no-cache" : cacheControl(fieldDistDir, path),
        );
      },
    });
  }
  const sendPage = (reply: FastifyReply, root: string) =>
    reply.header("Cache-Control", "no-cache").sendFile("index.html", root);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isPageRequest =
      (request.method === "GET" || request.method === "HEAD") &&
      !FILE_PATH.test(path) &&
      !NON_SPA_PREFIXES.some((prefix) => path.toLowerCase().startsWith(prefix));
    // `/app` itself: the service worker's scope and the router's base both end with a slash.
    if (isPageRequest && hasFieldApp && path === "/app") return reply.redirect(FIELD_APP_PREFIX, 301);
    if (isPageRequest && hasFieldApp && fieldDistDir && path.startsWith(FIELD_APP_PREFIX)) {
      return sendPage(reply, fieldDistDir);
    }
    if (isPageRequest && hasSpa) return sendPage(reply, distDir);
    return reply.status(404).send({ statusCode: 404, message: NOT_FOUND_MESSAGE });
  });
}
