/**
 * Import boundaries, checked by `npm run lint:imports` (and so by `npm run lint` and CI):
 * web and API never import each other, the contract imports only zod, the shared client only the
 * contract, signalr and axios, the planner only zod (and the contract's random generator and
 * distance), the incident rules only the contract, web features never import pages, a feature never
 * imports another
 * feature (web and Treiber App), the API's lower layers never import its modules, drizzle-orm only in
 * repositories (and db/, seed/, reports), the incident monitor reads no hub frames, and no file
 * imports itself back
 * through a cycle. `circular` sees files only, so scripts/check-module-cycles.mjs (also run by
 * `npm run lint:imports`) checks that the API's module folders (apps/api/src/modules/*) depend on
 * each other one way.
 * @type {import("dependency-cruiser").IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "web-not-to-api",
      comment: "The web talks to the API over HTTP and shares types through @treiber/contract only.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/api/" },
    },
    {
      name: "api-not-to-web",
      comment: "The API serves the built web as static files; it never imports its source.",
      severity: "error",
      from: { path: "^apps/api/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "field-only-own-client-contract",
      comment:
        "Treiber App (apps/field) shares code with the back office only through @treiber/client and @treiber/contract: it never imports the web or the API, and they never import it.",
      severity: "error",
      from: { path: "^apps/field/" },
      to: { path: "^apps/(web|api)/" },
    },
    {
      name: "apps-not-to-field",
      comment: "The back office and the API never import Treiber App's source (the API serves its build).",
      severity: "error",
      from: { path: "^apps/(web|api)/" },
      to: { path: "^apps/field/" },
    },
    {
      name: "client-only-contract-signalr-axios",
      comment:
        "The shared client (HTTP, session, hub) is used by every front end and the simulator: it may import itself, the contract, @microsoft/signalr and axios, never an app.",
      severity: "error",
      from: { path: "^packages/client/" },
      to: {
        pathNot: [
          "^packages/client/",
          "^packages/contract/",
          "^node_modules/@microsoft/signalr/",
          "^node_modules/axios/",
        ],
      },
    },
    {
      name: "api-src-not-to-client",
      comment:
        "The API's source never needs the front ends' client (its tests may drive it against the real hub); only the one home of the display formats (@treiber/client/format, framework-free), for what a CLI prints.",
      severity: "error",
      from: { path: "^apps/api/src/" },
      to: { path: "^packages/client/", pathNot: "^packages/client/src/format/" },
    },
    {
      name: "one-home-files-standalone",
      comment:
        "The one homes of distance on the Earth (geo.ts), the seeded random generator (seeded-random.ts) and the travel model (travel-model.ts) import nothing but each other: Treiber App, the planner and the incident rules import them alone, without zod or the rest of the contract (issue 34; their second definitions are caught by scripts/check-single-homes.mjs).",
      severity: "error",
      from: { path: "^packages/contract/src/(geo|seeded-random|travel-model)[.]ts$" },
      to: { pathNot: "^packages/contract/src/(geo|seeded-random|travel-model)[.]ts$" },
    },
    {
      name: "formats-only-from-client-format",
      comment:
        "The display formats (numbers, km, minutes, dates) have one home, @treiber/client/format: no file outside packages/client/src/format imports its files one by one, so a second formatter cannot hide behind a path (issue 34).",
      severity: "error",
      from: { pathNot: "^packages/client/src/format/" },
      to: { path: "^packages/client/src/format/.+", pathNot: "^packages/client/src/format/index[.]ts$" },
    },
    {
      name: "contract-only-zod",
      comment: "The contract is shared by web and API: it may import itself and zod, nothing else.",
      severity: "error",
      from: { path: "^packages/contract/" },
      to: { pathNot: ["^packages/contract/", "^node_modules/zod/"] },
    },
    {
      name: "planner-only-zod",
      comment:
        "The route planner (packages/planner) is a self-contained engine: it may import itself, zod, Node's own modules and the contract's one seeded random generator and Earth distance (its tests also vitest and fast-check), never an app, another package or the rest of the contract.",
      severity: "error",
      from: { path: "^packages/planner/" },
      to: {
        dependencyTypesNot: ["core"],
        pathNot: [
          "^packages/planner/",
          "^packages/contract/src/(seeded-random|geo)[.]ts$",
          "^node_modules/zod/",
          "^node_modules/vitest/",
          "^node_modules/fast-check/",
        ],
      },
    },
    {
      name: "incidents-only-contract",
      comment:
        "The incident rules (packages/incidents) are a pure engine: they may import themselves and the contract (its travel model), never an app, another package, an npm package or Node's modules (no clock, no I/O); their tests also vitest.",
      severity: "error",
      from: { path: "^packages/incidents/" },
      to: {
        pathNot: ["^packages/incidents/", "^packages/contract/", "^node_modules/vitest/"],
      },
    },
    {
      name: "features-not-to-pages",
      comment: "Pages compose features; a feature never imports a page (page tests live beside the pages).",
      severity: "error",
      from: { path: "^apps/web/src/features/" },
      to: { path: "^apps/web/src/pages/" },
    },
    {
      name: "web-features-isolated",
      comment:
        "A back-office feature (apps/web/src/features/<name>) never imports another feature: what two features share lives in apps/web/src/shared/ (or @treiber/client when Treiber App needs it too); pages compose features.",
      severity: "error",
      from: { path: "^apps/web/src/features/([^/]+)/" },
      to: { path: "^apps/web/src/features/", pathNot: "^apps/web/src/features/$1/" },
    },
    {
      name: "field-features-isolated",
      comment:
        "A Treiber App feature (apps/field/src/features/<name>: auth, collaborator, driver) never imports another feature: what they share lives in apps/field/src/shared/ (or @treiber/client); the router composes them.",
      severity: "error",
      from: { path: "^apps/field/src/features/([^/]+)/" },
      to: { path: "^apps/field/src/features/", pathNot: "^apps/field/src/features/$1/" },
    },
    {
      name: "api-lower-layers-not-to-modules",
      comment:
        "The API's lower layers (plugins, lib, db, realtime, mail) never import its modules: what they need lives in lib/ or db/, or app.ts passes it in as a function (decision 0042). Routes and the hub are adapters: they may call modules.",
      severity: "error",
      from: { path: "^apps/api/src/(plugins|lib|db|realtime|mail)/" },
      to: { path: "^apps/api/src/modules/" },
    },
    {
      name: "incident-monitor-not-hub-frames",
      comment:
        "The incident monitor's parts (apps/api/src/modules/incidents: the monitor, its intake, trip registry, rebuild, timer sweep, writer and observers) are fed typed domain events (realtime/domain-events.ts, parsed on receipt): they never import the hub, the hub frames of the realtime bus (realtime-bus.ts: RealtimeEvent) or the contract's hub payloads (@treiber/contract's index and realtime.ts: DriverGeolocation…, hub-names.ts: HUB_EVENTS). The announcer alone publishes ReceiveIncident (decision 0068).",
      severity: "error",
      from: {
        path: "^apps/api/src/modules/incidents/(incident-monitor|trip-event-intake|trip-registry|trip-rebuild|watched-trip-handler|timer-sweep|incident-writer|trip-watch-observers)\\.ts$",
      },
      to: {
        path: [
          "^apps/api/src/hub/",
          "^apps/api/src/realtime/realtime-bus\\.ts$",
          "^packages/contract/src/(index|realtime|hub-names)\\.ts$",
        ],
      },
    },
    {
      name: "sql-only-in-repositories",
      comment:
        "drizzle-orm (queries and raw sql) only in *-repository.ts (queries), *-sql.ts (SQL fragments and report queries that repositories or the report runner compose), db/ (schema, client, locks, sorting), seed/ and modules/reports/ (the report runner and its definitions). Services, routes, the hub and lib/ call repositories.",
      severity: "error",
      from: {
        path: "^apps/api/src/",
        pathNot: [
          "-repository\\.ts$",
          "-sql\\.ts$",
          "^apps/api/src/(db|seed)/",
          "^apps/api/src/modules/reports/",
        ],
      },
      to: { path: "^node_modules/drizzle-orm/" },
    },
    {
      name: "no-circular",
      comment: "A file must not import itself back through other files.",
      severity: "error",
      from: { path: "^(apps|packages)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|coverage)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
