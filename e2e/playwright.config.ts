import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH, HEADLESS_FLAGS } from "./chromium";

const port = Number(process.env.E2E_PORT ?? 4391);
/** The development OpenID Connect provider's port, beside the app's (E2E_PORT + 1000). */
const oidcPort = port + 1000;
const OIDC_ISSUER = `http://127.0.0.1:${oidcPort}`;
const OIDC_NAME = "Proveedor de prueba";
/**
 * The browsers' time zone (`timezoneId`). The test processes and the server run in it too, so
 * "today" and the days the tests compute are the page's and the branch offices' own, also between
 * midnight UTC and midnight there. `E2E_TIME_ZONE` moves all three (e.g. `Pacific/Honolulu` runs a
 * journey at another hour of the day).
 */
const TIME_ZONE = process.env.E2E_TIME_ZONE ?? "America/Santo_Domingo";
process.env.TZ = TIME_ZONE;
// One embedded database per port, so runs on different ports (E2E_PORT) never share files.
const dataDir = new URL(`../.test-results/e2e-data-${port}`, import.meta.url).pathname;

/** End-to-end tests of the real built app (API + SPA + embedded database) in the system Chromium. */
export default defineConfig({
  testDir: "./tests",
  outputDir: `../.test-results/playwright-${port}`,
  fullyParallel: true,
  workers: 2,
  // In CI one retry: a journey that fails once under a loaded shared machine and passes on retry is
  // reported as flaky (scripts/summarize-results.mjs prints each one), not as a failed landing.
  retries: process.env.CI ? 1 : 0,
  // Generous per-test budget: CI machines are shared and noisy; speed is measured by `npm run bench`.
  timeout: 90_000,
  // A page load under full CI load (two Chromiums and the server on two cores) has taken over 10 s.
  expect: { timeout: 20_000 },
  reporter: [["list"], ["json", { outputFile: "../.test-results/playwright.json" }]],
  projects: [
    {
      name: "journeys",
      testIgnore:
        /(field-(rider|trip|offline)[\w-]*|roles-notifications|first-day|bookings|day-plan|supplier-portal|safety)\.spec\.ts/,
    },
    // The phone journeys run once the others are done: their trips appear on the live map whose count
    // operations.spec checks, and a rider's cancellation (or, in roles-notifications.spec, an
    // assignment) notifies every admin, the demo admin included, whose bell operations.spec empties
    // and counts; first-day.spec's trip and incident too, and bookings.spec's trips and cancellation.
    // day-plan.spec drives Treiber App on phones (its drivers' «Mañana») like them. supplier-portal.spec
    // (issue 37) bills its trip in a cut from the last cut's end to now: after reports.spec's cuts.
    // safety.spec (issue 38) drives Treiber App on phones and raises an SOS every admin's panel shows.
    {
      name: "phone-journeys",
      testMatch:
        /(field-(rider|trip|offline)[\w-]*|roles-notifications|first-day|bookings|day-plan|supplier-portal|safety)\.spec\.ts/,
      dependencies: ["journeys"],
    },
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: "es-DO",
    timezoneId: TIME_ZONE,
    // A trace records every action's DOM and a screencast: on the retry of a failed journey only
    // (decision 0054 measured it); E2E_TRACE=on or retain-on-failure records them on every run.
    trace: (process.env.E2E_TRACE as "on" | "retain-on-failure" | undefined) ?? "on-first-retry",
    // The app honours reduced motion by turning antd animations off: fewer waits on transitions.
    contextOptions: { reducedMotion: "reduce" },
    launchOptions: { executablePath: CHROMIUM_PATH, args: HEADLESS_FLAGS },
  },
  webServer: [
    {
      // A real OpenID Connect provider for «Entrar con …» (issue 39): the development one.
      command: "node scripts/oidc-dev-provider.mjs",
      cwd: "..",
      url: `${OIDC_ISSUER}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
      env: { OIDC_DEV_PORT: String(oidcPort), TREIBER_URL: `http://127.0.0.1:${port}` },
    },
    {
      // `npm start` under the guard: the server may load no devDependency (decision 0039).
      command: `rm -rf "${dataDir}" && node --import ./scripts/dev-dependency-guard.mjs scripts/start.mjs`,
      cwd: "..",
      url: `http://127.0.0.1:${port}/health`,
      reuseExistingServer: false,
      timeout: 240_000,
      stdout: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DEMO_DATA: "true",
        API_DOCS: "true",
        LOG_LEVEL: "warn",
        OIDC_ISSUER,
        OIDC_CLIENT_ID: "treiber-dev",
        OIDC_CLIENT_SECRET: "secreto-de-desarrollo",
        OIDC_NAME: OIDC_NAME,
      },
    },
  ],
});
