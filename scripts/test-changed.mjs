// `npm run test:changed [base] [--list]`: the fast inner loop (decision 0054). Vitest runs the test files that
// import what changed since `base` (default HEAD: the uncommitted changes, new files included), and
// Playwright the journeys of the features those changes touch (E2E_COVERAGE in e2e-coverage.mjs); a change to what
// every page shares runs the shell's journeys. `npm test` stays the whole proof before a push.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { journeysFor } from "./e2e-coverage.mjs";
import { ensureWebBuild } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
/** `--list`: print what would run, run nothing. */
const listOnly = args.includes("--list");
const base = args.find((arg) => !arg.startsWith("--")) ?? "HEAD";

/** @param {string[]} args */
const git = (args) =>
  (spawnSync("git", args, { cwd: root, encoding: "utf8" }).stdout ?? "").split("\n").filter(Boolean);

const changed = [
  ...new Set([...git(["diff", "--name-only", base]), ...git(["ls-files", "--others", "--exclude-standard"])]),
];
if (changed.length === 0) {
  console.log(`Nada cambió desde ${base}.`);
  process.exit(0);
}

// A spec the change deleted has nothing left to run.
const specs = new Set(journeysFor(changed).filter((name) => existsSync(`${root}e2e/tests/${name}.spec.ts`)));

console.log(`Cambios desde ${base}: ${changed.length} archivos.`);
if (listOnly) {
  console.log(`Vitest: npx vitest run --changed ${base}`);
  console.log(`Journeys: ${[...specs].sort().join(", ") || "ninguno"}`);
  process.exit(0);
}
const unit = spawnSync("npx", ["vitest", "run", "--changed", base, "--passWithNoTests"], {
  cwd: root,
  stdio: "inherit",
});
let status = unit.status ?? 1;
if (specs.size > 0) {
  const files = [...specs].sort().map((name) => `tests/${name}.spec.ts`);
  console.log(`Journeys de lo que cambió: ${files.join(", ")}`);
  ensureWebBuild();
  spawnSync("node", ["scripts/api-build.mjs", "--if-stale"], { cwd: root, stdio: "inherit" });
  const e2e = spawnSync(
    "npx",
    ["playwright", "test", "-c", "e2e/playwright.config.ts", "--no-deps", ...files],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  status = status || (e2e.status ?? 1);
} else {
  console.log("Ningún journey cubre estos cambios.");
}
process.exit(status);
