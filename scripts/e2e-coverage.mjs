// Which journeys (e2e/tests/<name>.spec.ts) cover a changed file, for `npm run test:changed`
// (scripts/test-changed.mjs, decision 0054). The first rule whose pattern matches a path decides, so
// the narrow rules come before the wide ones.

/** @type {[RegExp, string[]][]} */
export const E2E_COVERAGE = [
  // Treiber App: the driver's «Mañana» (issue 36's day plan) and the expected riders (issue 35).
  [/^apps\/field\/src\/features\/driver\/(tomorrow|day-plan)/, ["day-plan"]],
  [/^apps\/field\/src\/features\/driver\/today-bookings/, ["bookings", "field-trip"]],
  [
    /^apps\/field\/src\/features\/driver\//,
    ["field-trip", "field-trip-stops", "field-offline", "field-offline-cold-start"],
  ],
  [/^apps\/field\/src\/features\/collaborator\//, ["field-rider", "field-app", "code-qr"]],
  // «Mis viajes» (issue 35) and «Avisos» (issue 33).
  [/^apps\/field\/src\/features\/bookings\//, ["bookings"]],
  [/^apps\/field\/src\/features\/notices\/|^apps\/field\/src\/app\/notices-/, ["field-rider-notices"]],
  // SOS, safe arrival and a shared trip on the phone (issue 38).
  [/^apps\/field\/src\/shared\/safety\//, ["safety"]],
  [/^apps\/field\//, ["field-app", "field-trip", "field-offline"]],
  // Issue 39's «Entrar con …» (a company's OpenID Connect provider).
  [/\/company-sign-in\//, ["company-sign-in", "auth"]],
  [
    /\/(auth|navigation|legal)\/|\/layouts\/|\/shared\/(guards|session)\//,
    ["auth", "navigation", "first-load"],
  ],
  // The supplier portal (issue 37): its users, documents, compliance and disputes of a cut.
  [/\/(supplier-portal|documents|disputes)\//, ["supplier-portal", "every-page"]],
  [/\/suppliers\//, ["master-data", "forms", "every-page", "supplier-portal"]],
  [
    /\/(branch-offices|collaborators|drivers|destinations|routes|routes-not-scheduled|route-assignments)\//,
    ["master-data", "forms", "every-page"],
  ],
  [/\/users\//, ["every-page", "auth"]],
  // Issue 39's «Integraciones» (a SuperAdmin's pages) and reports sent by e-mail: every-page opens
  // and scans their pages.
  [/\/(api-keys|audit|webhooks)\//, ["every-page"]],
  [/\/(report-schedules|reports\/schedules)\//, ["reports", "every-page"]],
  [/\/(reports|dashboard-stats|cuts|stats|trip-sheet)\//, ["reports", "report-captions"]],
  // Reservations (issue 35) and the day plan (issue 36).
  [/\/bookings\//, ["bookings"]],
  [/\/day-plans\//, ["day-plan"]],
  // SOS, safe arrival and a shared trip (issue 38); the back office's SOS lives in «Incidencias».
  [/\/(sos|safe-arrival|trip-share)\//, ["safety", "every-page"]],
  [
    /\/(live-map|trips|notifications|intermediate-routes|transport-services|trip-positions)\//,
    ["operations", "roles-notifications"],
  ],
  [/\/planning\//, ["planning", "day-plan"]],
  [/\/shifts\/|\/route-stops\//, ["shifts", "field-trip-stops"]],
  // A new site's first day (issue 33) imports its collaborators from Excel.
  [/\/imports\//, ["import", "first-day"]],
  [/\/(incidents|incident-report|rider-alerts|push)\//, ["control-room", "safety"]],
  [/\/(profile|profile-images)\//, ["profile"]],
  [/^apps\/web\/src\/pages\//, ["every-page"]],
  // Every list's search, date range and table, in Tab order (keyboard.spec).
  [/^apps\/web\/src\/shared\/components\/data-table\//, ["keyboard", "every-page"]],
  [/^apps\/web\/src\/|^packages\/(client|contract)\//, ["auth", "navigation"]],
];

/**
 * The journeys the changed files call for: a changed spec itself, and each file's first matching
 * rule's journeys (sorted).
 * @param {string[]} files paths from the repository's root
 */
export function journeysFor(files) {
  /** @type {Set<string>} */
  const specs = new Set();
  for (const file of files) {
    const spec = /^e2e\/tests\/([\w-]+)\.spec\.ts$/.exec(file);
    if (spec?.[1]) specs.add(spec[1]);
    const rule = E2E_COVERAGE.find(([pattern]) => pattern.test(file));
    for (const name of rule?.[1] ?? []) specs.add(name);
  }
  return [...specs].sort();
}
