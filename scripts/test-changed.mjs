// `npm run test:changed [base] [--list]`: the fast inner loop (decision 0054). Vitest runs the test files that
// import what changed since `base` (default HEAD: the uncommitted changes, new files included), and
// Playwright the journeys of the features those changes touch (E2E_COVERAGE below); a change to what
// every page shares runs the shell's journeys. `npm test` stays the whole proof before a push.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { ensureWebBuild } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
/** `--list`: print what would run, run nothing. */
const listOnly = args.includes("--list");
const base = args.find((arg) => !arg.startsWith("--")) ?? "HEAD";

/** Which journeys cover a path: the first rule whose pattern matches it decides. */
const E2E_COVERAGE = [
  [
    /^apps\/field\/src\/features\/driver\//,
    ["field-trip", "field-trip-stops", "field-offline", "field-offline-cold-start"],
  ],
  [/^apps\/field\/src\/features\/collaborator\//, ["field-rider", "field-app", "code-qr"]],
  [/^apps\/field\//, ["field-app", "field-trip", "field-offline"]],
  [
    /\/(auth|navigation|legal)\/|\/layouts\/|\/shared\/(guards|session)\//,
    ["auth", "navigation", "first-load"],
  ],
  [
    /\/(branch-offices|collaborators|drivers|suppliers|destinations|routes|routes-not-scheduled|route-assignments)\//,
    ["master-data", "forms", "every-page"],
  ],
  [/\/users\//, ["every-page", "auth"]],
  [/\/(reports|dashboard-stats|cuts|stats|trip-sheet)\//, ["reports", "report-captions"]],
  [
    /\/(live-map|trips|notifications|intermediate-routes|transport-services|trip-positions)\//,
    ["operations", "roles-notifications"],
  ],
  [/\/planning\//, ["planning"]],
  [/\/shifts\/|\/route-stops\//, ["shifts", "field-trip-stops"]],
  [/\/imports\//, ["import"]],
  [/\/(incidents|incident-report|rider-alerts|push)\//, ["control-room"]],
  [/\/(profile|profile-images)\//, ["profile"]],
  [/^apps\/web\/src\/pages\//, ["every-page"]],
  [/^apps\/web\/src\/|^packages\/(client|contract)\//, ["auth", "navigation"]],
];

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

/** @type {Set<string>} */
const specs = new Set();
for (const file of changed) {
  const spec = /^e2e\/tests\/([\w-]+)\.spec\.ts$/.exec(file);
  if (spec?.[1]) specs.add(spec[1]);
  const rule = E2E_COVERAGE.find(([pattern]) => /** @type {RegExp} */ (pattern).test(file));
  for (const name of /** @type {string[]} */ (rule?.[1] ?? [])) specs.add(name);
}
// A spec the change deleted has nothing left to run.
for (const name of specs) if (!existsSync(`${root}e2e/tests/${name}.spec.ts`)) specs.delete(name);

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
