import { API } from "@treiber/contract/api-paths";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeWith, signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { cutDate, DAY, sessionsWaitingOnLocks } from "../helpers/reporting-factories.js";
import { NO_DRIFT, summaryDrift } from "../helpers/summary-drift.js";
import {
  buildTestApp,
  type SignedIn,
  signedInAs,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

/**
 * Property (issue 11): whatever the interleaving of start / scan / cancel / end / cut — including
 * an End and a Cut sent at the same time — after every step no finished trip is left out of the
 * cut periods or billed twice, each cut's total is the sum of its trips, the trips that ended in a
 * cut's period (what the reports read) total the cut's total, shares sum to each trip's cost, and
 * every summary table equals the sums of its sources.
 * On PostgreSQL one step replays the race (the trip row held while End and Cut arrive).
 * Each run starts a trip first and ends with every driver's End and a cut.
 * CUT_PROPERTY_RUNS sets the number of runs (default 6). Runs on PGlite and on PostgreSQL.
 */

// Cuts tile time across the whole database: this file's cuts live in a database of their own.
const own = useOwnTestDatabase();

const DRIVERS = 3;
const RIDERS = 4;
const RUNS = Number(process.env.CUT_PROPERTY_RUNS ?? 6);

type World = {
  drivers: { session: SignedIn; routeId: number }[];
  riders: { session: SignedIn; codeQr: string }[];
};

let app: FastifyInstance;
let admin: SignedIn;
let world: World;
/** What the runs did (so the property is known to have cut and ended trips, not only refused). */
const done = { cuts: 0, ends: 0 };

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  const riders = [];
  for (let i = 0; i < RIDERS; i++) {
    const rider = await signedInCollaborator(app);
    riders.push({ session: rider.session, codeQr: rider.employee.codeQr, id: rider.employee.id });
  }
  const drivers = [];
  for (let i = 0; i < DRIVERS; i++) {
    const driver = await signedInDriver(app);
    // Odd cents, so shares do not divide evenly.
    const route = await routeWith({
      driverIds: [driver.driver.id],
      employeeIds: riders.map((rider) => rider.id),
      cost: ["10.01", "7.33", "25.00"][i],
    });
    drivers.push({ session: driver.session, routeId: route.id });
  }
  world = { drivers, riders };
});
afterAll(() => app.close());

const send = (method: "GET" | "PUT" | "POST", url: string, session: SignedIn, payload?: object) =>
  // `inject` sends once awaited: Promise.resolve starts it now, so two calls really overlap.
  Promise.resolve(
    app.inject({ method, url, headers: { ...session.headers, gmt: "0" }, ...(payload && { payload }) }),
  );

async function tripOf(driver: number): Promise<number | undefined> {
  const response = await send(
    "GET",
    API.intermediateRoute.currentList.path,
    world.drivers[driver]?.session as SignedIn,
  );
  return response.json().list[0]?.id;
}

/** A cut from the last cut's end (or a day ago) to the current whole second. */
/**
 * A cut from the last cut's end (or a day ago) to the first whole second after now, once reached
 * (a cut's dates have second precision: every trip ended before the call is in its period).
 */
async function cut() {
  const after = Date.now();
  const check = (await send("GET", API.cut.check.path, admin)).json();
  const since = check.lastUntilDate
    ? Date.parse(check.lastUntilDate)
    : Math.floor((Date.now() - DAY) / 1000) * 1000;
  const floor = Math.max(since, after);
  while (Math.floor(Date.now() / 1000) * 1000 <= floor)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const until = Math.floor(Date.now() / 1000) * 1000;
  return send("POST", API.cut.create.path, admin, { sinceDate: cutDate(since), untilDate: cutDate(until) });
}

/**
 * The reproduction as a step (PostgreSQL): another transaction holds the trip row (as a
 * scan or cancel does, FOR SHARE) while End arrives, and a cut covering that moment is requested
 * meanwhile; then the row is released. On PGlite (one connection) it is End and Cut at once.
 */
async function heldEndAndCut(driver: number) {
  const url = own.url();
  const route = world.drivers[driver] as World["drivers"][number];
  // A trip in progress to end (started now if the driver has none).
  if ((await tripOf(driver)) === undefined) {
    await send("PUT", API.intermediateRoute.start.path, route.session, { routeId: route.routeId });
  }
  const id = await tripOf(driver);
  if (!url || id === undefined) return Promise.all([end(driver), cut()]);
  const holder = new pg.Client({ connectionString: url });
  const monitor = new pg.Client({ connectionString: url });
  await holder.connect();
  await monitor.connect();
  const waiting = () => sessionsWaitingOnLocks(monitor);
  try {
    await holder.query("begin");
    await holder.query("select id from intermediate_routes where id = $1 for share", [id]);
    const ending = end(driver);
    while ((await waiting()) < 1) await new Promise((resolve) => setTimeout(resolve, 10));
    let cutDone = false;
    const cutting = cut().then((response) => {
      cutDone = true;
      return response;
    });
    while (!cutDone && (await waiting()) < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    await holder.query("commit");
    return await Promise.all([ending, cutting]);
  } finally {
    await holder.end();
    await monitor.end();
  }
}

const end = async (driver: number) => {
  const id = await tripOf(driver);
  return send("PUT", API.intermediateRoute.end.path, world.drivers[driver]?.session as SignedIn, {
    intermediateRouteId: id ?? 2_000_000_000,
  });
};

type Step =
  | { kind: "start"; driver: number }
  | { kind: "scan"; driver: number; rider: number }
  | { kind: "cancel"; driver: number; rider: number }
  | { kind: "end"; driver: number }
  | { kind: "cut" }
  | { kind: "endAndCut"; driver: number }
  | { kind: "heldEndAndCut"; driver: number };

const driverArb = fc.integer({ min: 0, max: DRIVERS - 1 });
const riderArb = fc.integer({ min: 0, max: RIDERS - 1 });
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("start" as const), driver: driverArb }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("scan" as const), driver: driverArb, rider: riderArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("cancel" as const), driver: driverArb, rider: riderArb }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("end" as const), driver: driverArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("cut" as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("endAndCut" as const), driver: driverArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("heldEndAndCut" as const), driver: driverArb }) },
);

/** Runs one step; every answer is a success or an expected refusal, never a server error. */
async function run(step: Step) {
  const statuses: number[] = [];
  const driver = "driver" in step ? (world.drivers[step.driver] as World["drivers"][number]) : undefined;
  if (step.kind === "start" && driver) {
    statuses.push(
      (await send("PUT", API.intermediateRoute.start.path, driver.session, { routeId: driver.routeId }))
        .statusCode,
    );
  } else if (step.kind === "scan" && driver) {
    const rider = world.riders[step.rider] as World["riders"][number];
    statuses.push(
      (await send("POST", API.transportService.scan.path, driver.session, { codeQr: rider.codeQr }))
        .statusCode,
    );
  } else if (step.kind === "cancel") {
    const id = await tripOf(step.driver);
    const rider = world.riders[step.rider] as World["riders"][number];
    if (id !== undefined) {
      statuses.push(
        (
          await send("POST", API.transportService.cancel.path, rider.session, {
            intermediateRouteId: id,
            comment: "No puedo ir",
          })
        ).statusCode,
      );
    }
  } else if (step.kind === "end") {
    statuses.push((await end(step.driver)).statusCode);
  } else if (step.kind === "cut") {
    const response = await cut();
    if (response.statusCode === 400)
      expect(response.json().message).toBe("El período no tiene viajes finalizados para cortar");
    statuses.push(response.statusCode);
  } else if (step.kind === "endAndCut") {
    const [ended, made] = await Promise.all([end(step.driver), cut()]);
    statuses.push(ended.statusCode, made.statusCode);
  } else if (step.kind === "heldEndAndCut") {
    const [ended, made] = await heldEndAndCut(step.driver);
    statuses.push(ended.statusCode, made.statusCode);
  }
  for (const status of statuses) expect(status, JSON.stringify(step)).toBeLessThan(500);
  if (step.kind === "cut" && statuses[0] === 201) done.cuts++;
  if (step.kind === "end" && statuses[0] === 200) done.ends++;
  if (step.kind === "endAndCut" || step.kind === "heldEndAndCut") {
    if (statuses[0] === 200) done.ends++;
    if (statuses[1] === 201) done.cuts++;
  }
}

/** A cut's adjustment lines (accepted disputes it pays, decision 0076), part of its frozen total. */
const ADJUSTMENTS = sql`coalesce((select sum(d.accepted_cents) from disputes d where d.adjustment_cut_id = c.id), 0)`;

async function checkInvariant() {
  const check = (await send("GET", API.cut.check.path, admin)).json();
  expect(check).toMatchObject({ uncutFinishedTrips: 0, tripsInTwoCuts: 0 });
  const { db } = await testDatabase();
  const result = (await db.execute(sql`select
      (select count(*) from cuts c
        where c.total_cents <> coalesce((select sum(ct.cost_cents) from cut_trips ct where ct.cut_id = c.id), 0)
            + ${ADJUSTMENTS}
          or c.trips <> (select count(*) from cut_trips ct where ct.cut_id = c.id))::int as bad_totals,
      (select count(*) from cuts c
        where c.total_cents <> coalesce((select sum(round(t.cost * 100)) from intermediate_routes t
          where t.status = 'Finished' and t.ended_at >= c.since_at and t.ended_at < c.until_at), 0)
            + ${ADJUSTMENTS})::int as period_mismatch,
      (select count(*) from (select t.id from intermediate_routes t
          join service_shares s on s.intermediate_route_id = t.id
        where t.status = 'Finished'
        group by t.id, t.cost
        having bool_or(s.boarded) and sum(s.share_cents) <> round(t.cost * 100)) x)::int as bad_shares`)) as unknown as {
    rows: { bad_totals: number; period_mismatch: number; bad_shares: number }[];
  };
  expect(result.rows[0]).toEqual({ bad_totals: 0, period_mismatch: 0, bad_shares: 0 });
  // Every summary table the reports read equals the sums of its sources.
  expect(await summaryDrift(db)).toEqual(NO_DRIFT);
  // The last cut, read as a report over its period (exact instants), totals what the cut froze.
  const [last] = (await send("GET", `${API.cut.list.path}?amount=1`, admin)).json().list;
  if (last) {
    const general = (
      await send(
        "GET",
        `${API.cut.general.path}?sinceDate=${last.sinceDate}&untilDate=${last.untilDate}`,
        admin,
      )
    ).json();
    expect(Math.round(general.data.total * 100)).toBe(Math.round(last.total * 100));
    expect(general.data.amountTrips).toBe(last.trips);
  }
}

describe("billing invariant under random interleavings (property)", () => {
  it("holds after every step of start / scan / cancel / end / cut, End and Cut at once included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 2, maxLength: 12 }), async (random) => {
        const steps: Step[] = [
          { kind: "start", driver: 0 },
          ...random,
          ...world.drivers.map((_, driver): Step => ({ kind: "end", driver })),
          { kind: "cut" },
        ];
        for (const step of steps) {
          await run(step);
          await checkInvariant();
        }
      }),
      { numRuns: RUNS },
    );
    expect(done.cuts).toBeGreaterThan(0);
    expect(done.ends).toBeGreaterThan(0);
  }, 120_000);
});
