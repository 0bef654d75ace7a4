/** `npm run test:changed`'s map from a changed file to the journeys that cover it (decision 0054). */
import { existsSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { E2E_COVERAGE, journeysFor } from "./e2e-coverage.mjs";

const root = new URL("..", import.meta.url).pathname;

describe("E2E_COVERAGE", () => {
  it("names only journeys that exist", () => {
    const named = new Set(E2E_COVERAGE.flatMap(([, specs]) => specs));
    const missing = [...named].filter((name) => !existsSync(`${root}e2e/tests/${name}.spec.ts`));
    expect(missing).toEqual([]);
  });

  it("picks every journey for some source change (none runs only when its own file changes)", () => {
    const named = new Set(E2E_COVERAGE.flatMap(([, specs]) => specs));
    const journeys = readdirSync(`${root}e2e/tests`)
      .filter((file) => file.endsWith(".spec.ts"))
      .map((file) => file.replace(/\.spec\.ts$/, ""));
    expect(journeys.filter((name) => !named.has(name))).toEqual([]);
  });
});

describe("journeysFor", () => {
  it.each([
    ["apps/api/src/modules/bookings/bookings-service.ts", ["bookings"]],
    ["apps/web/src/features/bookings/components/booking-table.tsx", ["bookings"]],
    ["apps/field/src/features/bookings/my-trips-page.tsx", ["bookings"]],
    ["apps/field/src/features/driver/today-bookings.ts", ["bookings", "field-trip"]],
    ["apps/api/src/modules/day-plans/propose-day-plan.ts", ["day-plan"]],
    ["apps/field/src/features/driver/tomorrow-page.tsx", ["day-plan"]],
    ["apps/web/src/features/planning/components/move-select.tsx", ["day-plan", "planning"]],
    ["apps/api/src/modules/sos/sos-service.ts", ["every-page", "safety"]],
    ["apps/api/src/modules/safe-arrival/safe-arrival-sweep.ts", ["every-page", "safety"]],
    ["apps/api/src/modules/trip-share/trip-share-service.ts", ["every-page", "safety"]],
    ["apps/web/src/features/trip-share/hooks/use-shared-trip.ts", ["every-page", "safety"]],
    ["apps/field/src/shared/safety/sos-control.tsx", ["safety"]],
    ["apps/web/src/features/incidents/components/sos-banner.tsx", ["control-room", "safety"]],
    ["apps/api/src/modules/supplier-portal/supplier-scope.ts", ["every-page", "supplier-portal"]],
    ["apps/api/src/modules/documents/document-service.ts", ["every-page", "supplier-portal"]],
    ["apps/web/src/features/documents/components/documents-table.tsx", ["every-page", "supplier-portal"]],
    ["apps/api/src/modules/disputes/dispute-service.ts", ["every-page", "supplier-portal"]],
    [
      "apps/web/src/features/suppliers/components/supplier-form.tsx",
      ["every-page", "forms", "master-data", "supplier-portal"],
    ],
    ["apps/api/src/modules/api-keys/api-key-routes.ts", ["every-page"]],
    ["apps/web/src/features/audit/api/audit-log.ts", ["every-page"]],
    ["apps/api/src/modules/webhooks/webhook-worker.ts", ["every-page"]],
    ["apps/api/src/modules/report-schedules/report-schedule-runner.ts", ["every-page", "reports"]],
    ["apps/web/src/features/reports/schedules/lib/schedule-filters.ts", ["every-page", "reports"]],
    ["apps/field/src/features/notices/notices-page.tsx", ["field-rider-notices"]],
    ["apps/web/src/shared/components/data-table/table-body.tsx", ["every-page", "keyboard"]],
    ["apps/api/src/modules/imports/import-service.ts", ["first-day", "import"]],
    ["apps/web/src/features/reports/components/cut-report.tsx", ["report-captions", "reports"]],
    [
      "apps/field/src/features/driver/trip/trip-page.tsx",
      ["field-offline", "field-offline-cold-start", "field-trip", "field-trip-stops"],
    ],
    ["apps/api/src/modules/company-sign-in/company-sign-in-routes.ts", ["auth", "company-sign-in"]],
    ["e2e/tests/keyboard.spec.ts", ["keyboard"]],
    ["docs/performance.md", []],
  ])("%s → %j", (file, journeys) => {
    expect(journeysFor([file])).toEqual(journeys);
  });

  it("joins the journeys of several files once each", () => {
    expect(
      journeysFor(["apps/api/src/modules/bookings/bookings-service.ts", "e2e/tests/bookings.spec.ts"]),
    ).toEqual(["bookings"]);
  });
});
