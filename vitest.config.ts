import { defineConfig } from "vitest/config";
import { apiFilesOnDatabase } from "./scripts/api-files-on-database.mjs";

/**
 * With TEST_DATABASE_URL (a PostgreSQL server) the API project runs the test files that open a
 * database, on that server; the files that never open one (parsers, serializers, start-up) would
 * prove the same thing twice (decision 0054).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "contract",
          include: ["packages/contract/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "client",
          include: ["packages/client/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "bench",
          include: ["bench/lib/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "planner",
          include: ["packages/planner/src/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "scripts",
          include: ["scripts/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "incidents",
          include: ["packages/incidents/src/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: onPostgres
            ? apiFilesOnDatabase()
            : ["apps/api/src/**/*.test.ts", "apps/api/test/**/*.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 120_000,
          globalSetup: ["apps/api/test/global-setup.ts"],
          // One database per worker, shared by its files: PGlite takes seconds to boot.
          isolate: false,
        },
      },
      "apps/web/vitest.config.ts",
      "apps/field/vitest.config.ts",
    ],
  },
});
