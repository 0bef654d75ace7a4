import { API } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeWith, signedInDriver } from "../helpers/operation-factories.js";
import {
  createRoute,
  createSupplierDriver,
  createTrip,
  cutDate,
  DAY,
  nextCutStart,
  sessionsWaitingOnLocks,
} from "../helpers/reporting-factories.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// Cuts tile time across the whole database: this file's cuts live in a database of their own.
const own = useOwnTestDatabase();

let app: FastifyInstance;
let admin: SignedIn;
beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
});
afterAll(() => app.close());

const put = (session: SignedIn, url: string, payload: object) =>
  app.inject({ method: "PUT", url, headers: session.headers, payload });
const postCut = (sinceDate: number, untilDate: number) =>
  app.inject({
    method: "POST",
    url: API.cut.create.path,
    headers: { ...admin.headers, gmt: "0" },
    payload: { sinceDate: cutDate(sinceDate), untilDate: cutDate(untilDate) },
  });
const check = async () =>
  (await app.inject({ method: "GET", url: API.cut.check.path, headers: admin.headers })).json();

/** The next whole second (a cut's dates have second precision), once the clock has passed it. */
async function nextWholeSecond() {
  const target = Math.floor(Date.now() / 1000) * 1000 + 1000;
  while (Date.now() < target) await new Promise((resolve) => setTimeout(resolve, 20));
  return target;
}

/** A driver with a trip in progress (started through the API) and a finished trip to cut. */
async function tripInProgressAndSomethingToCut() {
  const { since } = await nextCutStart(Math.floor((Date.now() - DAY) / 1000) * 1000);
  const { session, driver } = await signedInDriver(app);
  const route = await routeWith({ driverIds: [driver.id], cost: "40.00" });
  const started = await put(session, API.intermediateRoute.start.path, { routeId: route.id });
  expect(started.statusCode, started.body).toBe(200);
  const id: number = started.json().intermediateRoute.id;
  const other = await createSupplierDriver();
  const otherRoute = await createRoute({ cost: "10.00" });
  // Ends now: after the last cut's end, before the next whole second (the new cut's end).
  const endedAt = Math.max(since, Date.now());
  await createTrip({
    routeId: otherRoute.id,
    driver: other.driver,
    cost: "10.00",
    startedAt: new Date(endedAt - 60_000),
    endedAt: new Date(endedAt),
  });
  return { since, session, id };
}

async function endedAtAndCutOf(id: number) {
  const { db } = await testDatabase();
  const result = (await db.execute(
    sql`select ended_at, cut_id from intermediate_routes where id = ${id}`,
  )) as unknown as { rows: { ended_at: Date | string; cut_id: number | null }[] };
  const row = result.rows[0];
  if (!row) throw new Error("no trip");
  return { endedAt: new Date(row.ended_at).getTime(), cutId: row.cut_id };
}

describe("End and Cut are serialized (issue 11, point 1)", () => {
  it("a trip ended while a cut is made, its row held by another transaction, is never stranded", async () => {
    const { since, session, id } = await tripInProgressAndSomethingToCut();
    const url = own.url();
    let endResponse: Awaited<ReturnType<typeof put>>;
    let cutResponse: Awaited<ReturnType<typeof postCut>>;
    let until: number;
    if (url) {
      // PostgreSQL: a concurrent scan or cancel holds the trip row (FOR SHARE) while End arrives,
      // and a cut covering that moment is requested meanwhile.
      const holder = new pg.Client({ connectionString: url });
      await holder.connect();
      // A second session watches (inside a transaction the activity view is a frozen snapshot).
      const monitor = new pg.Client({ connectionString: url });
      await monitor.connect();
      const waiting = () => sessionsWaitingOnLocks(monitor);
      try {
        await holder.query("begin");
        await holder.query("select id from intermediate_routes where id = $1 for share", [id]);
        // (`inject` sends the request once something awaits it: start it now.)
        const ending = Promise.resolve(
          put(session, API.intermediateRoute.end.path, { intermediateRouteId: id }),
        );
        while ((await waiting()) < 1) await new Promise((resolve) => setTimeout(resolve, 20));
        until = await nextWholeSecond();
        let cutDone = false;
        const cutting = postCut(since, until).then((response) => {
          cutDone = true;
          return response;
        });
        // The cut either finished (nothing serializes it) or waits behind the End.
        while (!cutDone && (await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
        await holder.query("commit");
        [endResponse, cutResponse] = await Promise.all([ending, cutting]);
      } finally {
        await holder.end();
        await monitor.end();
      }
    } else {
      // PGlite has one connection: no transaction can hold the row meanwhile; End then Cut.
      endResponse = await put(session, API.intermediateRoute.end.path, { intermediateRouteId: id });
      until = await nextWholeSecond();
      cutResponse = await postCut(since, until);
    }
    expect(endResponse.statusCode, endResponse.body).toBe(200);
    expect(cutResponse.statusCode, cutResponse.body).toBe(201);
    const trip = await endedAtAndCutOf(id);
    // Either in this cut (ended before its end) or ended after it, never stranded inside it.
    if (trip.cutId === null) expect(trip.endedAt).toBeGreaterThanOrEqual(until);
    else expect(trip.cutId).toBe(cutResponse.json().id);
    expect(await check()).toMatchObject({ uncutFinishedTrips: 0, tripsInTwoCuts: 0 });
  });

  it("an End queued offline with a device time inside an already-cut period is stamped at the cut's end", async () => {
    const { since, session, id } = await tripInProgressAndSomethingToCut();
    const until = await nextWholeSecond();
    const cut = await postCut(since, until);
    expect(cut.statusCode, cut.body).toBe(201);
    // The phone ended the trip offline a moment before the cut's end; it syncs now.
    const ended = await put(session, API.intermediateRoute.end.path, {
      intermediateRouteId: id,
      endedAt: new Date(until - 500).toISOString(),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    const trip = await endedAtAndCutOf(id);
    expect(trip).toEqual({ endedAt: until, cutId: null });
    expect(await check()).toMatchObject({ uncutFinishedTrips: 0, tripsInTwoCuts: 0 });
    // It is billed by the next cut.
    const next = await postCut(until, await nextWholeSecond());
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toMatchObject({ trips: 1, total: 40 });
  });
});
