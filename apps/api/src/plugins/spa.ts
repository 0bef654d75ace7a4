import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { NOT_FOUND_MESSAGE } from "./error-handler.js";

const NON_SPA_PREFIXES = ["/api/", "/server", "/docs", "/health"];

/**
 * Serves the built web app: hashed assets cached for a year, `index.html` never cached, and
 * any other GET that is not the API, the hub or the docs answered with `index.html` (history mode).
 */
export async function registerSpa(app: FastifyInstance, distDir: string) {
  const hasSpa = existsSync(join(distDir, "index.html"));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header(
          "Cache-Control",
          path.includes(`${join(distDir, "assets")}`) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const wantsPage =
      hasSpa &&
      (request.method === "GET" || request.method === "HEAD") &&
      !NON_SPA_PREFIXES.some((prefix) => path.toLowerCase().startsWith(prefix));
    if (wantsPage) {
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({ statusCode: 404, message: NOT_FOUND_MESSAGE });
  });
}
