import { randomUUID } from "node:crypto";
import { API } from "@treiber/contract/api-paths";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { openConfiguredDatabase } from "../../src/bootstrap.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import type { Database } from "../../src/db/client.js";
import { branchOffices, intermediateRoutes } from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { signedInDriver } from "../helpers/operation-factories.js";
import { createRoute } from "../helpers/route-factories.js";
import {
  type SignedIn,
  signedInAs,
  testConfig,
  testDatabase,
  unique,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

/**
 * Issue 21, finding 6: a statement or a lock wait never holds a request (and its pooled connection)
 * for ever. The app opened as the server opens it (`openConfiguredDatabase`) with short limits, on
 * a PostgreSQL database of its own (PGlite runs one statement at a time and enforces neither).
 */
const own = useOwnTestDatabase({ postgres: true });

const BUSY = "La base de datos está ocupada, intente de nuevo en unos segundos";

let database: Database;
let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  const url = own.url();
  if (!url) throw new Error("no PostgreSQL database");
  const config = testConfig({
    DATABASE_URL: url,
    DATABASE_STATEMENT_TIMEOUT_MS: "1000",
    DATABASE_LOCK_TIMEOUT_MS: "500",
  });
  database = await openConfiguredDatabase(config);
  app = await buildApp({
    config,
    database,
    logger: false,
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
  });
  await app.ready();
  admin = await signedInAs(app, "Admin");
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe("statement and lock timeouts on PostgreSQL", () => {
  it("reads DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_LOCK_TIMEOUT_MS, with defaults, and refuses nonsense", () => {
    const defaults = testConfig();
    expect(defaults.databaseStatementTimeoutMs).toBe(120_000);
    expect(defaults.databaseLockTimeoutMs).toBe(30_000);
    const base = { JWT_SECRET: "x".repeat(40), DATA_DIR: "/tmp/treiber-test-data" };
    expect(() => loadConfig({ ...base, DATABASE_STATEMENT_TIMEOUT_MS: "soon" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_LOCK_TIMEOUT_MS: "-1" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DATABASE_LOCK_TIMEOUT_MS: "1.5" })).toThrow(ConfigError);
    expect(loadConfig({ ...base, DATABASE_STATEMENT_TIMEOUT_MS: "0" }).databaseStatementTimeoutMs).toBe(0);
  });

  it("a statement that runs past statement_timeout is cancelled: 503 in Spanish, nothing written", async () => {
    const { db } = await testDatabase();
    // A branch office named "Lenta…" takes 5 s to insert (a trigger of this test's database).
    await db.execute(sql`
      create or replace function test_slow_insert() returns trigger language plpgsql as $$
      begin perform pg_sleep(5); return new; end $$`);
    await db.execute(sql`
      create or replace trigger test_slow_insert before insert on branch_offices
      for each row when (new.name like 'Lenta%') execute function test_slow_insert()`);
    const name = unique("Lenta ");
    const response = await app.inject({
      method: "POST",
      url: API.branchOffice.create.path,
      headers: admin.headers,
      payload: { name, address: "Calle El Conde 1, Santo Domingo" },
    });
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({ statusCode: 503, message: BUSY });
    expect(response.headers["retry-after"]).toBe("5");
    expect(await db.select().from(branchOffices).where(eq(branchOffices.name, name))).toEqual([]);

    // The same connection pool goes on serving.
    const list = await app.inject({
      method: "GET",
      url: `${API.branchOffice.list.path}?amount=5&skip=1`,
      headers: admin.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
  });

  it("a trip row held by another session: requests give up after lock_timeout (503), the pool is not drained", async () => {
    const { db } = await testDatabase();
    const { driver, session } = await signedInDriver(app);
    const route = await createRoute();
    const [trip] = await db
      .insert(intermediateRoutes)
      .values({
        routeId: route.id,
        driverId: driver.id,
        supplierId: driver.supplierId,
        status: "InProgress",
        cost: "12.50",
        startedAt: new Date(Date.now() - 3_600_000),
      })
      .returning();
    if (!trip) throw new Error("no trip");
    const position = () =>
      app.inject({
        method: "POST",
        url: API.intermediateRoute.position.path,
        headers: session.headers,
        payload: {
          intermediateRouteId: trip.id,
          latitude: 18.47,
          longitude: -69.91,
          recordedAt: new Date().toISOString(),
          actionId: randomUUID(),
        },
      });

    const holder = new pg.Client({ connectionString: own.url() });
    await holder.connect();
    try {
      await holder.query("begin");
      await holder.query("select id from intermediate_routes where id = $1 for update", [trip.id]);
      // More waiting requests than the pool has connections.
      const waiting = await Promise.all(Array.from({ length: 15 }, position));
      expect(waiting.map((r) => r.statusCode)).toEqual(Array(15).fill(503));
      for (const response of waiting) expect(response.json()).toEqual({ statusCode: 503, message: BUSY });
      // While the lock is still held, what does not need it is served.
      const list = await app.inject({
        method: "GET",
        url: `${API.branchOffice.list.path}?amount=5&skip=1`,
        headers: admin.headers,
      });
      expect(list.statusCode, list.body).toBe(200);
    } finally {
      await holder.query("rollback");
      await holder.end();
    }
    const after = await position();
    expect(after.statusCode, after.body).toBe(200);
  });
});
