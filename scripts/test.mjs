// `npm test`: unit + API integration tests (Vitest), then end-to-end tests (Playwright, Chromium).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { countResults } from "./summarize-results.mjs";
import { ensureWebBuild } from "./web-build.mjs";

const root = new URL("..", import.meta.url).pathname;
const results = `${root}.test-results`;
const vitestReport = `${results}/vitest${process.env.TEST_DATABASE_URL ? "-postgres" : ""}.json`;
const playwrightReport = `${results}/playwright.json`;
mkdirSync(results, { recursive: true });
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

/** @type {(command: string, args: string[], env?: Record<string, string>) => number | null} */
const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } }).status;

const only = process.argv[2]; // "unit" or "e2e" to run one part
if (only !== "e2e") {
  run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile=${vitestReport}`]);
}
if (only !== "unit") {
  ensureWebBuild();
  run("npx", ["playwright", "test", "-c", "e2e/playwright.config.ts"]);
}

const files = [...(only !== "e2e" ? [vitestReport] : []), ...(only !== "unit" ? [playwrightReport] : [])];
const { passed, failed } = countResults(files);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
