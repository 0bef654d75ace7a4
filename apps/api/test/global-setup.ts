import pg from "pg";
import { openDatabase } from "../src/db/client.js";

/**
 * With TEST_DATABASE_URL (a PostgreSQL server), the suite runs on a fresh database created
 * here, migrated once, shared by the workers (every test makes its own data), dropped after.
 */
export default async function setup() {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return;
  const name = `treiber_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  process.env.TREIBER_TEST_DB_URL = url.toString();
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await database.close();
  return async () => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
