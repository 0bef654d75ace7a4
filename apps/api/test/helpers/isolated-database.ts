import pg from "pg";
import { type Database, openDatabase } from "../../src/db/client.js";

/** The PostgreSQL server of the tests that need one whatever the run (TEST_DATABASE_URL's, or the local one). */
export const POSTGRES_SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/**
 * A database of its own (for tests about global state such as "the last SuperAdmin"): PGlite, or a
 * fresh database on TEST_DATABASE_URL's server; with `postgres`, always one on the PostgreSQL server
 * (tests of what only a server does: concurrent sessions, terminated connections, timeouts).
 */
export async function openIsolatedDatabase(
  options: { postgres?: boolean } = {},
): Promise<Database & { dispose(): Promise<void>; url?: string }> {
  const base = options.postgres ? POSTGRES_SERVER_URL : process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({});
    await database.migrate();
    return { ...database, dispose: () => database.close() };
  }
  const name = `treiber_iso_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    dispose: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
