// The slowest test files of a Vitest or Playwright JSON report (scripts/test.mjs prints them after a
// run; docs/performance.md keeps the table).
import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, relative, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;

/**
 * @typedef {{ file: string, seconds: number }} FileTime
 * @typedef {{ duration?: number }} PlaywrightResult
 * @typedef {{ file: string, tests?: { results?: PlaywrightResult[] }[] }} PlaywrightSpec
 * @typedef {{ specs?: PlaywrightSpec[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 */

/**
 * The checkout a report was written in (the folder above its `.test-results`), so that a report of
 * another clone lists `apps/…`, not `../ci2/apps/…`; this one otherwise.
 * @param {string} reportPath
 */
function checkoutOf(reportPath) {
  const folder = dirname(resolve(reportPath));
  return basename(folder) === ".test-results" ? dirname(folder) : root;
}

/**
 * Seconds per file, slowest first: Vitest's time from the file's start to its end; Playwright's sum
 * of its tests' runs (retries included), the time it kept a worker busy.
 * @param {string} reportPath
 * @param {number} count
 * @returns {FileTime[]}
 */
export function slowestFiles(reportPath, count = 20) {
  if (!existsSync(reportPath)) return [];
  const report = JSON.parse(readFileSync(reportPath, "utf8"));
  /** @type {Map<string, number>} */
  const perFile = new Map();
  const add = (/** @type {string} */ file, /** @type {number} */ ms) =>
    perFile.set(file, (perFile.get(file) ?? 0) + ms);
  if (Array.isArray(report.testResults)) {
    const checkout = checkoutOf(reportPath);
    for (const result of report.testResults)
      add(relative(checkout, result.name), Math.max(0, (result.endTime ?? 0) - (result.startTime ?? 0)));
  } else {
    /** @param {PlaywrightSuite} suite */
    const walk = (suite) => {
      for (const spec of suite.specs ?? [])
        for (const test of spec.tests ?? [])
          for (const run of test.results ?? []) add(`e2e/tests/${spec.file}`, run.duration ?? 0);
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  }
  return [...perFile.entries()]
    .map(([file, ms]) => ({ file, seconds: ms / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, count);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [report, count = "20"] = process.argv.slice(2);
  if (!report) {
    console.error("Uso: node scripts/test-timings.mjs <informe.json> [cantidad]");
    process.exit(2);
  }
  for (const { file, seconds } of slowestFiles(report, Number(count)))
    console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}`);
}
