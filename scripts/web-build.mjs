import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const web = join(root, "apps/web");
// WEB_DIST_DIR (also read by the server) lets parallel checkouts or test runs keep separate builds.
const outDir = resolve(process.env.WEB_DIST_DIR ?? join(web, "dist"));
const builtIndex = join(outDir, "index.html");
const sources = [
  join(web, "src"),
  join(web, "public"),
  join(web, "index.html"),
  join(web, "vite.config.ts"),
  join(web, "package.json"),
  join(root, "packages/contract/src"),
  join(root, "packages/client/src"),
];

/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** True when the web build is missing or older than any of its sources. */
export function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

/** Builds the web app when its build is missing or stale. */
export function ensureWebBuild({ force = false } = {}) {
  if (!force && !webBuildIsStale()) return;
  console.log("Compilando la aplicación web…");
  const result = spawnSync(
    "npx",
    ["vite", "build", "--logLevel", "warn", "--outDir", outDir, "--emptyOutDir"],
    { cwd: web, stdio: "inherit" },
  );
  if (result.status !== 0) {
    console.error("No se pudo compilar la aplicación web.");
    process.exit(result.status ?? 1);
  }
}
