// `npm test`: every check and test suite, in two lanes that keep both cores busy (decision 0054).
// Lane 1 builds the app once and runs the journeys (Playwright, two browsers) and then Vitest (two
// workers); lane 2 runs the one-core steps beside it: Biome and the import rules, the schema check,
// TypeScript, the API suite on PostgreSQL and LibreOffice. Each step writes its output to
// `.test-results/logs/<step>.log` (its last lines are printed when it ends, all of them when it fails)
// and its results to `.test-results/*.json`. The run ends with each step's wall time (also in
// `.test-results/ci-times.json`), the slowest files of each runner and one line `N passed, N failed`.
//
//   npm test                       everything this machine can run
//   node scripts/test.mjs unit     Vitest only (unit + API on PGlite)
//   node scripts/test.mjs e2e      the app built, then Playwright
//   node scripts/test.mjs checks   Biome, import rules, schema ↔ migrations, TypeScript
//
// With TEST_DATABASE_URL the API's database tests run a second time on that PostgreSQL server; with
// LibreOffice (`soffice`) every Excel export is opened by it. In CI (`CI=true`) both are required.
import { spawn, spawnSync } from "node:child_process";
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { countResults } from "./summarize-results.mjs";
import { slowestFiles } from "./test-timings.mjs";

const root = new URL("..", import.meta.url).pathname;
const results = `${root}.test-results`;
const logs = `${results}/logs`;
const ci = process.env.CI === "true" || process.env.CI === "1";
const workers = Math.max(2, availableParallelism());

const only = process.argv[2];
if (only && !["unit", "e2e", "checks"].includes(only)) {
  console.error("Uso: node scripts/test.mjs [unit|e2e|checks]");
  process.exit(2);
}
const part = (/** @type {string} */ name) => !only || only === name;
const postgresUrl = process.env.TEST_DATABASE_URL;
const hasLibreOffice = spawnSync("sh", ["-c", "command -v soffice"], { stdio: "ignore" }).status === 0;

/**
 * A step: its command; `needs`, the steps whose success it builds on (it does not run if one failed);
 * `after`, the steps it waits for whatever their outcome (its place in a lane); the reports it writes
 * (a missing report counts as a failed item); `check`, recorded as one passed or failed item.
 * @typedef {{ name: string, command: string[], env?: Record<string, string | undefined>,
 *   needs?: string[], after?: string[], reports: string[], check?: boolean }} Step
 */

/** @type {Step[]} */
const steps = [];
/** @param {string} report @param {string[]} args */
const vitest = (report, args) => [
  "npx",
  "vitest",
  "run",
  ...args,
  "--reporter=dot",
  "--reporter=json",
  `--outputFile=${results}/${report}.json`,
];
/** @param {string} name @param {string[]} command @param {Partial<Step>} [more] @returns {Step} */
const check = (name, command, more = {}) => ({
  name,
  command,
  reports: [`${results}/check-${name}.json`],
  check: true,
  ...more,
});

// Lane 1: build → e2e → Vitest.
if (part("e2e")) {
  steps.push({
    name: "build",
    // What `npm start` serves: the back office, Treiber App and the API, each unless up to date.
    command: ["sh", "-c", "node scripts/web-build.mjs && node scripts/api-build.mjs --if-stale"],
    reports: [],
  });
  steps.push({
    name: "e2e",
    command: ["npx", "playwright", "test", "-c", "e2e/playwright.config.ts"],
    needs: ["build"],
    reports: [`${results}/playwright.json`],
  });
}
if (part("unit")) {
  steps.push({
    name: "vitest",
    // On the embedded database (PGlite) whatever the caller's TEST_DATABASE_URL: PostgreSQL is its own step.
    command: vitest("vitest", [`--maxWorkers=${workers}`]),
    env: { TEST_DATABASE_URL: undefined },
    after: ["e2e"],
    reports: [`${results}/vitest.json`],
  });
}

// Lane 2: the one-core steps.
if (part("checks")) {
  steps.push(
    check("lint", ["npm", "run", "lint"]),
    check("db-check", ["npm", "run", "db:check"], { after: ["lint"] }),
    check("typecheck", ["npm", "run", "typecheck"], { after: ["db-check"] }),
  );
}
if (!only) {
  if (postgresUrl) {
    steps.push({
      name: "api-postgres",
      // The API test files that open a database, again on PostgreSQL (scripts/api-files-on-database.mjs).
      command: vitest("vitest-postgres", ["--project", "api", "--maxWorkers=1"]),
      env: { TEST_DATABASE_URL: postgresUrl },
      after: ["typecheck"],
      reports: [`${results}/vitest-postgres.json`],
    });
  } else if (ci) {
    console.error("CI sin TEST_DATABASE_URL: la suite de la API en PostgreSQL no corre.");
    process.exit(1);
  }
  if (hasLibreOffice || ci) {
    steps.push({
      name: "libreoffice",
      command: vitest("vitest-libreoffice", ["--config", "vitest.libreoffice.config.ts"]),
      env: { TEST_DATABASE_URL: undefined },
      after: ["api-postgres", "typecheck"],
      reports: [`${results}/vitest-libreoffice.json`],
    });
  } else {
    console.log("LibreOffice (soffice) no está instalado: no se abren con él los Excel exportados.");
  }
  // The back office's size budget on the build above (decision 0029): deterministic for a lockfile.
  steps.push(
    check("web-size", ["npm", "run", "bench:web-size"], { needs: ["build"], after: ["libreoffice"] }),
    // Treiber App's first screen (issue 10: ≤ 150 KB gzip) on the same build.
    check("field-size", ["node", "scripts/field-size.mjs", "--built"], {
      needs: ["build"],
      after: ["web-size"],
    }),
  );
}

const names = new Set(steps.map((step) => step.name));
mkdirSync(logs, { recursive: true });
for (const step of steps) for (const report of step.reports) rmSync(report, { force: true });

const started = Date.now();
/** @type {Map<string, { start: number, end: number, status: number | null }>} */
const timings = new Map();
/** @type {Set<string>} */
const launched = new Set();
/** @type {() => void} */
let allDone = () => {};
const finished = new Promise((resolve) => {
  allDone = () => resolve(undefined);
});

/** @param {Step} step @param {number | null} status @param {number} start */
function record(step, status, start) {
  timings.set(step.name, { start: start - started, end: Date.now() - started, status });
  if (timings.size === steps.length) allDone();
  else schedule();
}

/** @param {Step} step */
function launch(step) {
  const [command = "", ...args] = step.check
    ? ["node", "scripts/run-check.mjs", step.name, ...step.command]
    : step.command;
  const log = `${logs}/${step.name}.log`;
  const out = createWriteStream(log);
  const start = Date.now();
  console.log(`▶ ${step.name}`);
  /** @type {Record<string, string | undefined>} */
  const env = { ...process.env, FORCE_COLOR: "0" };
  for (const [key, value] of Object.entries(step.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  child.on("close", (status) => {
    out.end(() => {
      const seconds = ((Date.now() - start) / 1000).toFixed(0);
      console.log(
        `\n■ ${step.name}: ${status === 0 ? "bien" : `falló (${status})`} en ${seconds} s — ${log}`,
      );
      // A passing step prints its last lines (its totals); a failing one, enough to see why.
      const lines = readFileSync(log, "utf8").trimEnd().split("\n");
      console.log(lines.slice(status === 0 ? -4 : -150).join("\n"));
      record(step, status, start);
    });
  });
}

/** Starts every step whose needs and predecessors are done. */
function schedule() {
  for (const step of steps) {
    if (launched.has(step.name)) continue;
    const needs = (step.needs ?? []).filter((name) => names.has(name));
    const after = (step.after ?? []).filter((name) => names.has(name));
    if (![...needs, ...after].every((name) => timings.has(name))) continue;
    launched.add(step.name);
    const failed = needs.filter((name) => timings.get(name)?.status !== 0);
    if (failed.length > 0) {
      // What it builds on failed: it does not run, and its missing reports count as failures.
      console.log(`■ ${step.name}: no corre porque falló ${failed.join(", ")}`);
      record(step, null, Date.now());
    } else {
      launch(step);
    }
  }
}

if (steps.length > 0) {
  schedule();
  await finished;
}

const total = Date.now() - started;
const install = Number(process.env.CI_INSTALL_SECONDS ?? Number.NaN);
const rows = steps
  .map((step) => ({ step: step.name, start: 0, end: 0, status: null, ...timings.get(step.name) }))
  .sort((a, b) => a.start - b.start);
writeFileSync(
  `${results}/ci-times.json`,
  `${JSON.stringify(
    {
      ...(Number.isFinite(install) && { installSeconds: install }),
      totalSeconds: Math.round(total / 1000),
      steps: rows.map(({ step, start, end, status }) => ({
        step,
        startSeconds: Math.round(start / 1000),
        seconds: Math.round((end - start) / 1000),
        ok: status === 0,
      })),
    },
    null,
    2,
  )}\n`,
);

const seconds = (/** @type {number} */ ms) => String(Math.round(ms / 1000)).padStart(5);
console.log("\nTiempo de cada paso (desde el inicio → duración, en s):");
if (Number.isFinite(install))
  console.log(`  ${"instalación".padEnd(14)}       ${String(install).padStart(5)}`);
for (const { step, start, end, status } of rows)
  console.log(
    `  ${step.padEnd(14)}${seconds(start)} →${seconds(end - start)}${status === 0 ? "" : "  (falló)"}`,
  );
console.log(`  ${"total".padEnd(14)}       ${seconds(total)}`);

for (const [runner, report] of [
  ["Vitest", `${results}/vitest.json`],
  ["Playwright", `${results}/playwright.json`],
  ["Vitest en PostgreSQL", `${results}/vitest-postgres.json`],
]) {
  // Only the reports this run wrote: an older one left in .test-results says nothing about it.
  if (!steps.some((step) => step.reports.includes(report ?? ""))) continue;
  const slow = slowestFiles(report ?? "", 10);
  if (slow.length === 0) continue;
  console.log(`\nArchivos más lentos (${runner}):`);
  for (const { file, seconds: time } of slow) console.log(`  ${time.toFixed(1).padStart(7)} s  ${file}`);
}

const { passed, failed } = countResults(steps.flatMap((step) => step.reports));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
