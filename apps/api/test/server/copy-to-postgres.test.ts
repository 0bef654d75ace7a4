import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { type Database, openDatabase } from "../../src/db/client.js";
import { CopyRefused, copyEmbeddedToPostgres } from "../../src/db/copy-database.js";
import { DEMO_PASSWORD } from "../../src/seed/demo-accounts.js";
import { seedDemoData } from "../../src/seed/seed-demo-data.js";
import { testConfig } from "../helpers/test-app.js";

/**
 * `npm run db:copy-to-postgres`: a real PGlite data folder (the demo data) into a database of its
 * own on the real PostgreSQL server (TEST_DATABASE_URL's, or the local one), created and dropped here.
 */
const server = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const name = `treiber_copy_${process.pid}_${Date.now()}`;
const targetUrl = (() => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
})();
const dataDir = mkdtempSync(join(tmpdir(), "treiber-copy-"));

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Every row of every `public` table as text, in a stable order, and every sequence's state. */
async function snapshot(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const { rows: tables } = await query(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  const data: Record<string, string[]> = {};
  for (const { name: table } of tables) {
    const { rows } = await query(`select x::text as row from "${table}" x`);
    // Sorted here: the two servers' collations may order text differently.
    data[String(table)] = rows.map((r) => String(r.row)).sort();
  }
  const { rows: sequences } = await query(
    "select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1",
  );
  return { data, sequences };
}

const embeddedSnapshot = async () => {
  const database = await openDatabase({ dataDir });
  try {
    return await snapshot((text) => database.db.$client.query(text));
  } finally {
    await database.close();
  }
};

const signInAndList = async (database: Database) => {
  const app: FastifyInstance = await buildApp({ config: testConfig(), database, logger: false });
  try {
    const signIn = await app.inject({
      method: "POST",
      url: API.auth.signIn.path,
      payload: { email: "admin@treiber.app", password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().token}`, gmt: "4" };
    const list = await app.inject({
      method: "GET",
      url: `${API.employee.list.path}?amount=10&skip=1`,
      headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const created = await app.inject({
      method: "POST",
      url: API.destination.create.path,
      headers,
      payload: { name: `Destino copiado ${Date.now()}` },
    });
    return { list: list.json(), created: created.statusCode };
  } finally {
    await app.close();
  }
};

beforeAll(async () => {
  const source = await openDatabase({ dataDir });
  await source.migrate();
  await seedDemoData(source.db);
  await source.close();
  await admin(`create database ${name}`);
  // Migrating and seeding the demo data in PGlite: under a minute, minutes on a loaded machine.
}, 600_000);

afterAll(async () => {
  await admin(`drop database if exists ${name} with (force)`);
  rmSync(dataDir, { recursive: true, force: true });
});

// Seconds of work on a shared machine: the whole demo database goes through both servers.
describe("copying the embedded database to PostgreSQL", { timeout: 180_000 }, () => {
  it("copies every table and sequence as it is, and the app works on the copy", async () => {
    const before = await embeddedSnapshot();
    const result = await copyEmbeddedToPostgres({ from: dataDir, to: targetUrl });

    const target = await openDatabase({ url: targetUrl });
    try {
      const after = await snapshot((text) => target.db.$client.query(text));
      expect(after).toEqual(before);
      // The demo data reaches the tables that matter: trips, services and the summary tables.
      for (const table of [
        "users",
        "intermediate_routes",
        "transport_services",
        "service_shares",
        "trip_riders",
      ]) {
        expect(before.data[table]?.length, table).toBeGreaterThan(0);
      }
      expect(Object.fromEntries(result.tables.map((t) => [t.table, t.rows]))).toEqual(
        Object.fromEntries(Object.entries(before.data).map(([table, rows]) => [table, rows.length])),
      );
      // Parents first: every user before the employees that point at them.
      const order = result.tables.map((t) => t.table);
      expect(order.indexOf("users")).toBeLessThan(order.indexOf("employees"));
      expect(order.indexOf("intermediate_routes")).toBeLessThan(order.indexOf("transport_services"));

      // The app signs in and lists the same on the copy as on the original, and new rows take
      // the next ids (the sequences came along).
      const onCopy = await signInAndList(target);
      expect(onCopy.created).toBe(200);
      const original = await openDatabase({ dataDir });
      try {
        const onOriginal = await signInAndList(original);
        expect(onCopy.list).toEqual(onOriginal.list);
      } finally {
        await original.close();
      }
    } finally {
      await target.close();
    }
  });

  it("refuses a target that already has data unless told to replace it", async () => {
    await expect(copyEmbeddedToPostgres({ from: dataDir, to: targetUrl })).rejects.toBeInstanceOf(
      CopyRefused,
    );
    const before = await embeddedSnapshot();
    await copyEmbeddedToPostgres({ from: dataDir, to: targetUrl, replace: true });
    const target = await openDatabase({ url: targetUrl });
    try {
      expect(await snapshot((text) => target.db.$client.query(text))).toEqual(before);
    } finally {
      await target.close();
    }
  });
});
