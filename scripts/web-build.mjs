import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const sharedSources = [join(root, "packages/contract/src"), join(root, "packages/client/src")];

/**
 * The two front ends the server serves: the back office at `/` and Treiber App at `/app/`.
 * WEB_DIST_DIR and FIELD_DIST_DIR (also read by the server) let parallel checkouts or test runs
 * keep separate builds.
 */
const apps = [
  { label: "la aplicación web", dir: join(root, "apps/web"), outDirVariable: "WEB_DIST_DIR" },
  { label: "Treiber App", dir: join(root, "apps/field"), outDirVariable: "FIELD_DIST_DIR" },
].map((app) => ({
  ...app,
  outDir: resolve(process.env[app.outDirVariable] ?? join(app.dir, "dist")),
  sources: [
    join(app.dir, "src"),
    join(app.dir, "public"),
    join(app.dir, "index.html"),
    join(app.dir, "vite.config.ts"),
    join(app.dir, "package.json"),
    ...sharedSources,
  ],
}));

/** @param {string} path @returns {number} */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** @param {(typeof apps)[number]} app */
function isStale(app) {
  const builtIndex = join(app.outDir, "index.html");
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return app.sources.some((source) => newestMtime(source) > built);
}

/** True when a front end's build is missing or older than any of its sources. */
export function webBuildIsStale() {
  return apps.some(isStale);
}

/** True when Vite (a devDependency) is installed. */
function viteInstalled() {
  try {
    import.meta.resolve("vite");
    return true;
  } catch {
    return false;
  }
}

/** Builds each front end (back office, Treiber App) whose build is missing or stale. */
export function ensureWebBuild({ force = false } = {}) {
  for (const app of apps) {
    if (!force && !isStale(app)) continue;
    if (!force && !viteInstalled() && existsSync(join(app.outDir, "index.html"))) {
      // A production install (`npm install --omit=dev`) has no Vite: its build is used as it is.
      console.warn(
        `${app.label}: la compilación es más antigua que su código; sin Vite se usa tal como está.`,
      );
      continue;
    }
    console.log(`Compilando ${app.label}…`);
    const result = spawnSync(
      "npx",
      ["--no", "vite", "build", "--logLevel", "warn", "--outDir", app.outDir, "--emptyOutDir"],
      { cwd: app.dir, stdio: "inherit" },
    );
    if (result.status !== 0) {
      console.error(`No se pudo compilar ${app.label}.`);
      process.exit(result.status ?? 1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  ensureWebBuild({ force: process.argv.includes("--force") });
