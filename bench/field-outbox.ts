/**
 * `npm run bench:outbox`: replays an offline outbox of the Treiber App (500 scans + 2,000 positions,
 * then the End) through the real HTTP API on an embedded database (PGlite in memory), three times:
 * the second and third passes re-queue every action with the same actionId, as a phone that never
 * got the answers would; the first two send one action per request, the third up to 25 per request
 * (`FieldAction/batch`, as the app does since decision 0046), side by side with the second. Prints
 * the time of each pass and the duplicates in the database (must be 0).
 *
 * The outbox is the app's own code (apps/field/src/shared/outbox) on fake-indexeddb, so the times
 * include an in-memory IndexedDB; the sends are sequential (FIFO) as on the phone.
 */
import "fake-indexeddb/auto";
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { API, clientPath } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/api/src/app.js";
import { loadConfig } from "../apps/api/src/config.js";
import { openDatabase } from "../apps/api/src/db/client.js";
import { hashPassword } from "../apps/api/src/modules/auth/passwords.js";
import { createOutbox } from "../apps/field/src/shared/outbox/create-outbox.js";
import type { FieldAction } from "../apps/field/src/shared/outbox/field-action.js";
import { createOutboxStore } from "../apps/field/src/shared/outbox/outbox-store.js";

const SCANS = Number(process.env.BENCH_OUTBOX_SCANS ?? 500);
const POSITIONS = Number(process.env.BENCH_OUTBOX_POSITIONS ?? 2_000);
const PASSWORD = "Bench12345";

const database = await openDatabase({});
await database.migrate();
const count = async (query: ReturnType<typeof sql>) => {
  const result = await database.db.execute<{ n: number }>(query);
  return Number(result.rows[0]?.n ?? 0);
};

// One driver, one route running every day, SCANS collaborators on it.
const passwordHash = await hashPassword(PASSWORD);
await database.db.execute(sql`
  with supplier as (insert into suppliers (name) values ('Transporte Outbox') returning id),
  destination as (insert into destinations (name, address) values ('Zona Franca Outbox', 'Santo Domingo') returning id),
  route as (
    insert into routes (name, destination_id, departure_time, cost)
    select 'Ruta Outbox', id, '07:30', 10 from destination returning id
  ),
  route_day as (insert into route_days (route_id, day_id) select route.id, g from route, generate_series(1, 7) g),
  driver_user as (
    insert into users (email, password_hash, role) values ('chofer.outbox@bench.treiber', ${passwordHash}, 'Driver')
    returning id
  ),
  driver as (
    insert into drivers (user_id, supplier_id, name, lastname, identity_card, code_qr)
    select driver_user.id, supplier.id, 'Chofer', 'Outbox', 'OUT-1', 'outbox-driver-qr' from driver_user, supplier
    returning id
  )
  insert into route_drivers (route_id, driver_id) select route.id, driver.id from route, driver`);
await database.db.execute(sql`
  insert into users (email, password_hash, role)
  select 'colaborador.outbox' || g || '@bench.treiber', 'sin-clave', 'Collaborator' from generate_series(1, ${SCANS}) g`);
await database.db.execute(sql`
  insert into employees (user_id, code_employee, name, lastname, code_qr)
  select id, 'OUT-' || id, 'Colaborador', 'Outbox ' || id, 'outbox-qr-' || id from users where role = 'Collaborator'`);
await database.db.execute(sql`
  insert into route_employees (route_id, employee_id) select r.id, e.id from routes r, employees e`);
const codes = (
  await database.db.execute<{ code: string }>(sql`select code_qr as code from employees order by id`)
).rows;
const routeId = await count(sql`select id as n from routes`);

const config = loadConfig({
  JWT_SECRET: "bench-secret-bench-secret-bench-secret-01",
  LOG_LEVEL: "silent",
  DATA_DIR: "/tmp/treiber-bench-outbox",
});
const app = await buildApp({ config, database, logger: false });
const base = `${await app.listen({ port: 0, host: "127.0.0.1" })}/api/v1`;

const signIn = await fetch(`${base}/Auth/SignIn`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "chofer.outbox@bench.treiber", password: PASSWORD }),
});
const { token } = (await signIn.json()) as { token: string };
const headers = { authorization: `Bearer ${token}`, gmt: "-4", "content-type": "application/json" };

/** The app's send, on fetch: a non-2xx answer rejects like the HTTP client (axios) does. */
async function send(action: FieldAction): Promise<unknown> {
  const response = await fetch(`${base}${action.path}`, {
    method: action.method,
    headers,
    body: JSON.stringify(action.body),
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw { isAxiosError: true, response: { status: response.status, data } };
  return data;
}

// Started 50 minutes ago (a Start queued offline, decision 0040): the queued actions below are one
// second apart (the server keeps at most one position per trip within 950 ms, decision 0038).
const started = (await send({
  method: "PUT",
  path: clientPath(API.intermediateRoute.start),
  body: { routeId, startedAt: new Date(Date.now() - 50 * 60_000).toISOString() },
})) as {
  intermediateRoute: { id: number; startedDate: string };
};
const tripId = started.intermediateRoute.id;

// The offline trip: a scan every 4 positions, device times 1 s apart from the start (~42 min for
// 2,500 actions, all before the server's now), then the End.
const startMs = Date.parse(started.intermediateRoute.startedDate) + 1_000;
const actions: FieldAction[] = [];
const at = (index: number) => new Date(startMs + index * 1_000).toISOString();
for (let i = 0; i < POSITIONS; i++) {
  const latitude = 18.45 + i * 0.0001;
  const longitude = -69.95 + i * 0.0001;
  actions.push({
    method: "POST",
    path: clientPath(API.intermediateRoute.position),
    body: {
      intermediateRouteId: tripId,
      latitude,
      longitude,
      recordedAt: at(actions.length),
      actionId: randomUUID(),
    },
  });
  const code = i % 4 === 3 ? codes[(i - 3) / 4]?.code : undefined;
  if (code) {
    actions.push({
      method: "POST",
      path: clientPath(API.transportService.scan),
      body: {
        codeQr: code,
        intermediateRouteId: tripId,
        expectedOnly: true,
        scannedAt: at(actions.length),
        latitude,
        longitude,
        actionId: randomUUID(),
      },
    });
  }
}
actions.push({
  method: "PUT",
  path: clientPath(API.intermediateRoute.end),
  body: { intermediateRouteId: tripId, endedAt: at(actions.length), actionId: randomUUID() },
});

/** The app's batch (`FieldAction/batch`, decision 0046): each action's answer, in order. */
async function sendBatch(batch: FieldAction[]): Promise<{ statusCode: number; body: unknown }[]> {
  const { results } = (await send({
    method: "POST",
    path: clientPath(API.fieldAction.batch),
    body: { actions: batch.map(({ method, path, body }) => ({ method, path, body })) },
  })) as { results: { statusCode: number; body: unknown }[] };
  return results;
}

async function replay(pass: number, batched: boolean) {
  let online = false;
  const store = createOutboxStore(`bench-outbox-${pass}`);
  const outbox = createOutbox({ store, send, ...(batched && { sendBatch }), isOnline: () => online });
  for (const action of actions) await outbox.submit(action);
  const queued = outbox.getSnapshot().pending;
  online = true;
  const began = performance.now();
  await outbox.flush(true);
  // A 429 (decision 0038: 1,200 queued positions in a row, then 20 per second) leaves the rest for
  // after its backoff: the pass ends when the queue is empty, as on the phone.
  while (outbox.getSnapshot().pending > 0) {
    await sleep(50);
    await outbox.flush();
  }
  const ms = performance.now() - began;
  const { pending, rejected } = outbox.getSnapshot();
  store.close();
  console.log(
    `pasada ${pass}${batched ? " (en lotes)" : " (de a una)"}: ${queued} acciones en ${(ms / 1000).toFixed(1)} s (${(ms / queued).toFixed(2)} ms/acción), ` +
      `pendientes ${pending}, rechazadas ${rejected.length}${rejected[0] ? ` (${rejected[0].message})` : ""}`,
  );
}

console.log(`outbox: ${SCANS} escaneos + ${POSITIONS} posiciones + End, viaje ${tripId}`);
await replay(1, false);
await replay(2, false);
// The same ids a third time, as the app sends them now: up to 25 per request.
await replay(3, true);

const boardings = await count(
  sql`select count(*)::int as n from transport_services where intermediate_route_id = ${tripId}`,
);
const positions = await count(
  sql`select count(*)::int as n from trip_positions where intermediate_route_id = ${tripId}`,
);
const ended = await count(
  sql`select count(*)::int as n from intermediate_routes where id = ${tripId} and ended_at is not null`,
);
const duplicates = Math.max(0, boardings - SCANS) + Math.max(0, positions - POSITIONS);
console.log(
  `base: ${boardings} abordajes, ${positions} posiciones, fin registrado ${ended === 1 ? "sí" : "no"}`,
);
console.log(`duplicados: ${duplicates}`);
await app.close();
await database.close();
if (duplicates > 0 || boardings !== SCANS || positions !== POSITIONS || ended !== 1) process.exitCode = 1;
