/**
 * Build report of Treiber App (`npm run bench:field-size`): builds apps/field into a temporary
 * folder and prints the gzip size of the JavaScript the first screen loads (the entry script of
 * index.html and the chunks it preloads), then every other chunk, loaded on demand.
 * Goal (issue 10): first screen ≤ 150 KB of JS gzip; exits 1 above it. `--built` reads the build
 * already in apps/field/dist instead (`npm test`'s check, after its build step).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const GOAL_KB = 150;
const root = new URL("..", import.meta.url).pathname;
const fieldDir = join(root, "apps/field");
const built = process.argv.includes("--built");
const outDir = built ? join(fieldDir, "dist") : mkdtempSync(join(tmpdir(), "treiber-field-size-"));

try {
  const build = built
    ? { status: 0 }
    : spawnSync("npx", ["vite", "build", "--logLevel", "error", "--outDir", outDir, "--emptyOutDir"], {
        cwd: fieldDir,
        stdio: "inherit",
      });
  if (build.status !== 0) throw new Error("No se pudo compilar Treiber App");

  const html = readFileSync(join(outDir, "index.html"), "utf8");
  /** Scripts of the first screen: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
  const firstScreen = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => (match[1] ?? "").replace(/^\/app\//, ""));

  /** @param {string} file */
  const gzipKb = (file) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length / 1024;

  let firstScreenKb = 0;
  console.log("Treiber App: JavaScript de la primera pantalla (gzip)");
  for (const file of firstScreen) {
    const size = gzipKb(file);
    firstScreenKb += size;
    console.log(`  ${file.padEnd(48)} ${size.toFixed(1).padStart(7)} KB`);
  }
  console.log("Bajo demanda (gzip)");
  const lazy = readdirSync(join(outDir, "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => `assets/${name}`)
    .filter((file) => !firstScreen.includes(file));
  for (const file of lazy) console.log(`  ${file.padEnd(48)} ${gzipKb(file).toFixed(1).padStart(7)} KB`);

  const withinGoal = firstScreenKb <= GOAL_KB;
  console.log(
    `\nPrimera pantalla: ${firstScreenKb.toFixed(1)} KB de JS gzip (meta ≤ ${GOAL_KB} KB) ${withinGoal ? "✔" : "✘"}`,
  );
  if (!withinGoal) process.exitCode = 1;
} finally {
  if (!built) rmSync(outDir, { recursive: true, force: true });
}
