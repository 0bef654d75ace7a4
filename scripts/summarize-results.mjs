// Prints one line `N passed, N failed` from Vitest and Playwright JSON reports and the checks
// (lint, typecheck…) that scripts/run-check.mjs records, each one passed or failed item.
import { existsSync, readFileSync } from "node:fs";

/** @param {string[]} files Report paths; a missing one counts as a failure. */
export function countResults(files) {
  let passed = 0;
  let failed = 0;
  for (const file of files) {
    if (!existsSync(file)) {
      failed += 1; // a runner that wrote no report crashed: count it as a failure
      continue;
    }
    const report = JSON.parse(readFileSync(file, "utf8"));
    if ("check" in report) {
      if (report.ok === true) passed += 1;
      else failed += 1;
    } else if ("numPassedTests" in report) {
      passed += report.numPassedTests;
      failed += report.numFailedTests;
      if (report.numTotalTests === 0 || (report.success === false && report.numFailedTests === 0))
        failed += 1;
    } else if (report.stats) {
      for (const title of flakyTitles(report)) console.log(`flaky (passed on retry): ${title}`);
      passed += report.stats.expected + (report.stats.flaky ?? 0);
      failed += report.stats.unexpected;
      // A runner that ran no test proves nothing: it counts as a failure, like Vitest's above.
      if (report.stats.expected + report.stats.unexpected + (report.stats.flaky ?? 0) === 0) failed += 1;
      if ((report.errors ?? []).length > 0) failed += report.errors.length;
    }
  }
  return { passed, failed };
}

/**
 * @typedef {{ file: string, title: string, tests?: { status: string }[] }} PlaywrightSpec
 * @typedef {{ specs?: PlaywrightSpec[], suites?: PlaywrightSuite[] }} PlaywrightSuite
 */

/**
 * The Playwright tests that failed first and passed on retry, as "file › title".
 * @param {{ suites?: PlaywrightSuite[] }} report
 * @returns {string[]}
 */
function flakyTitles(report) {
  /** @type {string[]} */
  const titles = [];
  /** @param {PlaywrightSuite} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        if (test.status === "flaky") titles.push(`${spec.file} › ${spec.title}`);
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return titles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { passed, failed } = countResults(process.argv.slice(2));
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}
