import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { API, apiPath } from "@treiber/contract/api-paths";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { intermediateRoutes } from "../../src/db/schema.js";
import { POSTGRES_SERVER_URL } from "../helpers/isolated-database.js";
import { createDriver, createRoute } from "../helpers/route-factories.js";
import { createUser, TEST_PASSWORD, testDatabase, unique, useOwnTestDatabase } from "../helpers/test-app.js";

/**
 * Issue 21, finding 2: what a failover or a DBA does to the API's PostgreSQL connections. The real
 * server process (`apps/api/src/server.ts`, the entry `npm start` runs built) on a database of its
 * own, under mixed read and write load (lists, catalogue inserts, positions applied once in a
 * transaction):
 * every backend of the database is terminated three times, then the database refuses connections
 * for a while. The process must stay up, answer what it cannot do with a 503 in Spanish (never a
 * 500), say so on `/health`, and come back by itself. Always on the PostgreSQL server.
 */
const own = useOwnTestDatabase({ postgres: true });

const UNAVAILABLE = "La base de datos no está disponible, intente de nuevo en unos segundos";
const REPO = new URL("../../../../", import.meta.url).pathname;

type Outcome =
  | { kind: string; status: number; body: string; retryAfter: string | null }
  | { kind: string; error: string };

let server: ChildProcess | undefined;
let exited: { code: number | null; signal: string | null } | undefined;
let output = "";
let baseUrl = "";
let adminToken = "";
let drivers: { token: string; tripId: number }[] = [];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${baseUrl}${apiPath(API.auth.signIn)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign in ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

async function startServer(databaseUrl: string) {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["--import", "tsx", "apps/api/src/server.ts"], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: "fault-test-secret-fault-test-secret-0123456789",
      PORT: String(port),
      HOST: "127.0.0.1",
      DEMO_DATA: "false",
      LOG_LEVEL: "error",
      DATA_DIR: "/tmp/treiber-fault-test",
      WEB_DIST_DIR: "/nonexistent-web-dist",
      FIELD_DIST_DIR: "/nonexistent-field-dist",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  server.once("exit", (code, signal) => {
    exited = { code, signal };
  });
  while (!output.includes("Treiber listo")) {
    if (exited) throw new Error(`the server did not start:\n${output}`);
    await pause(50);
  }
}

beforeAll(async () => {
  const { db } = await testDatabase();
  const admin = await createUser({ role: "Admin" });
  const driverRows = await Promise.all([0, 1, 2].map(() => createDriver()));
  const route = await createRoute();
  const trips = await Promise.all(
    driverRows.map(async (driver) => {
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
      return trip;
    }),
  );
  const url = own.url();
  if (!url) throw new Error("no PostgreSQL database");
  await startServer(url);
  adminToken = await signIn(admin.email);
  drivers = await Promise.all(
    driverRows.map(async (driver, i) => ({
      token: await signIn(driver.user.email),
      tripId: trips[i]?.id ?? 0,
    })),
  );
});

afterAll(async () => {
  if (server && !exited) {
    const gone = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await gone;
  }
});

describe("the API on PostgreSQL when its connections are terminated (issue 21, finding 2)", () => {
  it("survives three rounds of pg_terminate_backend and a database that refuses connections, with 503s in Spanish", async () => {
    const outcomes: Outcome[] = [];
    const send = async (kind: string, path: string, token: string, payload?: object) => {
      try {
        const response = await fetch(`${baseUrl}${path}`, {
          method: payload ? "POST" : "GET",
          headers: {
            authorization: `Bearer ${token}`,
            gmt: "0",
            ...(payload && { "content-type": "application/json" }),
          },
          ...(payload && { body: JSON.stringify(payload) }),
        });
        outcomes.push({
          kind,
          status: response.status,
          body: await response.text(),
          retryAfter: response.headers.get("retry-after"),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        outcomes.push({ kind, error: cause?.code ?? String(error) });
      }
    };

    // Mixed load: reads, single inserts and positions (each a transaction of five statements).
    let stop = false;
    const worker = async (n: number) => {
      for (let i = 0; !stop && !exited; i++) {
        const driver = drivers[n % drivers.length];
        if (!driver) throw new Error("no driver");
        const step = (n + i) % 3;
        if (step === 0) await send("read", `${API.branchOffice.list.path}?amount=10&skip=1`, adminToken);
        else if (step === 1)
          await send("write", API.branchOffice.create.path, adminToken, {
            name: unique("Sucursal "),
            address: "Av. Winston Churchill 1, Santo Domingo",
          });
        else
          await send("position", API.intermediateRoute.position.path, driver.token, {
            intermediateRouteId: driver.tripId,
            latitude: 18.45,
            longitude: -69.95,
            recordedAt: new Date().toISOString(),
            actionId: randomUUID(),
          });
      }
    };
    const workers = Array.from({ length: 6 }, (_, n) => worker(n));

    const okSince = (mark: number) =>
      outcomes.slice(mark).filter((o) => "status" in o && o.status >= 200 && o.status < 300).length;
    /** Waits until `count` requests succeeded after `mark` (fails at once if the server died). */
    const successesAfter = async (mark: number, count: number) => {
      while (okSince(mark) < count) {
        if (exited) throw new Error(`the server died: ${JSON.stringify(exited)}\n${output}`);
        await pause(20);
      }
    };
    const health = async () => {
      try {
        return (await fetch(`${baseUrl}/health`)).status;
      } catch {
        return 0;
      }
    };
    const url = own.url() as string;
    const name = new URL(url).pathname.slice(1);
    const dba = new pg.Client({ connectionString: url });
    const superuser = new pg.Client({ connectionString: POSTGRES_SERVER_URL });
    await Promise.all([dba.connect(), superuser.connect()]);
    const terminateAll = async () =>
      (
        await dba.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
        )
      ).rowCount ?? 0;
    const healthSeen: number[] = [];
    try {
      for (let round = 0; round < 3; round++) {
        await successesAfter(outcomes.length, 30);
        expect(await terminateAll()).toBeGreaterThan(0);
      }
      await successesAfter(outcomes.length, 30);

      // The database refuses new connections, and every open one is terminated: gone.
      await superuser.query(`alter database "${name}" allow_connections false`);
      const goneMark = outcomes.length;
      await terminateAll();
      for (let status = await health(); status !== 503; status = await health()) {
        if (exited || status === 0) throw new Error(`the server died: ${JSON.stringify(exited)}\n${output}`);
        await pause(20);
      }
      healthSeen.push(503);
      while (outcomes.slice(goneMark).filter((o) => "status" in o && o.status === 503).length < 10) {
        if (exited) throw new Error(`the server died: ${JSON.stringify(exited)}\n${output}`);
        await pause(20);
      }

      // Back.
      await superuser.query(`alter database "${name}" allow_connections true`);
      for (let status = await health(); status !== 200; status = await health()) {
        if (exited || status === 0) throw new Error(`the server died: ${JSON.stringify(exited)}\n${output}`);
        await pause(20);
      }
      healthSeen.push(200);
      await successesAfter(outcomes.length, 30);
    } finally {
      stop = true;
      await Promise.all(workers);
      await superuser.query(`alter database "${name}" allow_connections true`);
      await Promise.all([dba.end(), superuser.end()]);
    }

    // A write after it all.
    const office = unique("Sucursal ");
    const write = await fetch(`${baseUrl}${apiPath(API.branchOffice.create)}`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ name: office, address: "Av. Abraham Lincoln 2, Santo Domingo" }),
    });
    expect(write.status, await write.text()).toBe(200);

    expect(exited).toBeUndefined();
    expect(healthSeen).toEqual([503, 200]);
    expect(outcomes.filter((o) => "error" in o)).toEqual([]);
    const failed = outcomes.filter(
      (o): o is Extract<Outcome, { status: number }> => "status" in o && (o.status < 200 || o.status >= 300),
    );
    // Every request that met the fault got the 503 in Spanish (never a 500, nothing internal).
    expect(failed.filter((o) => o.status !== 503 || JSON.parse(o.body).message !== UNAVAILABLE)).toEqual([]);
    for (const o of failed) {
      expect(JSON.parse(o.body)).toEqual({ statusCode: 503, message: UNAVAILABLE });
      expect(o.retryAfter).toBe("5");
    }
    expect(failed.length).toBeGreaterThan(0);
  }, 240_000);
});
