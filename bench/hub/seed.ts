/**
 * The hub benchmark's own PostgreSQL database, recreated each run: `drivers` drivers each with a
 * trip in progress, and `admins` admin users for the dashboards, inserted by plain SQL. Each user
 * has one live session (a refresh token), which the access tokens the bench signs name.
 */
import pg from "pg";
import { openDatabase } from "../../apps/api/src/db/client.js";

export type HubSeed = {
  drivers: { userId: number; driverId: number; tripId: number }[];
  adminIds: number[];
  /** userId → its session (refresh-token family), for `signAccessToken`. */
  sessions: Map<number, string>;
};

export async function recreateDatabase(url: URL) {
  const dbName = url.pathname.slice(1);
  if (!/^\w+$/.test(dbName)) throw new Error(`nombre de base de datos no válido: ${dbName}`);
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const database = await openDatabase({ url: url.toString() });
  await database.migrate();
  await database.close();
}

export async function seedHubData(client: pg.Client, counts: { drivers: number; admins: number }) {
  await client.query("begin");
  const one = async (text: string, values: unknown[] = []) =>
    ((await client.query(text, values)).rows[0] as { id: number }).id;
  const supplierId = await one("insert into suppliers (name) values ('Transporte Banco') returning id");
  const destinationId = await one(
    "insert into destinations (name, address) values ('Zona Franca Banco', 'Santo Domingo') returning id",
  );
  const routeId = await one(
    "insert into routes (name, destination_id, departure_time, cost) values ('Ruta Banco', $1, '07:30', 10) returning id",
    [destinationId],
  );
  await client.query(
    `insert into users (email, password_hash, role)
     select 'chofer.hub' || g || '@bench.treiber', 'sin-clave', 'Driver' from generate_series(1, $1) g`,
    [counts.drivers],
  );
  await client.query(
    `insert into drivers (user_id, supplier_id, name, lastname, identity_card, code_qr)
     select id, $1, 'Chofer', 'Banco ' || id, 'HUB-' || id, 'hub-qr-' || id from users where role = 'Driver'`,
    [supplierId],
  );
  await client.query(
    `insert into intermediate_routes (route_id, driver_id, supplier_id, status, cost, started_at)
     select $1, id, $2, 'InProgress', 10, now() - interval '10 minutes' from drivers`,
    [routeId, supplierId],
  );
  await client.query(
    `insert into users (email, password_hash, role)
     select 'panel.hub' || g || '@bench.treiber', 'sin-clave', 'Admin' from generate_series(1, $1) g`,
    [counts.admins],
  );
  await client.query(
    `insert into refresh_tokens (user_id, token_hash, family_id, expires_at)
     select id, md5(random()::text || id::text), gen_random_uuid(), now() + interval '1 day' from users`,
  );
  await client.query("commit");
  await client.query("analyze");
  const drivers = await client.query<{ userId: number; driverId: number; tripId: number }>(
    `select d.user_id as "userId", d.id as "driverId", t.id as "tripId"
     from drivers d join intermediate_routes t on t.driver_id = d.id and t.status = 'InProgress'
     order by d.id`,
  );
  const admins = await client.query<{ id: number }>("select id from users where role = 'Admin' order by id");
  const sessions = await client.query<{ userId: number; sessionId: string }>(
    `select user_id as "userId", family_id as "sessionId" from refresh_tokens`,
  );
  return {
    drivers: drivers.rows,
    adminIds: admins.rows.map((row) => row.id),
    sessions: new Map(sessions.rows.map((row) => [row.userId, row.sessionId])),
  } satisfies HubSeed;
}
