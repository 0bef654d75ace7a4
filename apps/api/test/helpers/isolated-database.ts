import pg from "pg";
import { type Database, openDatabase } from "../../src/db/client.js";

/** A database of its own (for tests about global state such as "the last SuperAdmin"). */
export async function openIsolatedDatabase(): Promise<Database & { dispose(): Promise<void>; url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
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
