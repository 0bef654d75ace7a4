import { eq, sql } from "drizzle-orm";
import {
  employees,
  intermediateRoutes,
  routesNotScheduled,
  suppliers,
  transportServices,
} from "../../src/db/schema.js";
import { createDestination, createDriver, createEmployee, createRoute } from "./route-factories.js";
import { createBranchOffice, testDatabase, unique } from "./test-app.js";

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

/**
 * A local day (UTC midnight of a calendar day) no other scenario uses: the test database is shared,
 * so each scenario lives on its own 10 days in the past, counted back from 1960 by a fresh row id.
 */
export async function uniqueDay(): Promise<number> {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(suppliers)
    .values({ name: unique("Ancla "), rnc: null })
    .returning({ id: suppliers.id });
  if (!row) throw new Error("no anchor");
  await db.delete(suppliers).where(eq(suppliers.id, row.id));
  return Date.UTC(1960, 0, 1) - row.id * 10 * DAY;
}

/**
 * Where the next cut must start (the last cut's end, or `fallback` when there is none yet) and a
 * fresh UTC-midnight day after it for new trips: cuts tile time forward (docs/decisions/0020).
 */
export async function nextCutStart(fallback = Date.UTC(2000, 0, 1)) {
  const { db } = await testDatabase();
  const result = (await db.execute(sql`select max(until_at) as until from cuts`)) as unknown as {
    rows: { until: Date | string | null }[];
  };
  const value = result.rows[0]?.until;
  const since = value === null || value === undefined ? fallback : new Date(value).getTime();
  const day = Math.floor(since / DAY) * DAY + 2 * DAY;
  return { since, day };
}

const pad = (n: number) => String(n).padStart(2, "0");
/** `MM/DD/YYYY` of a UTC-midnight day. */
export const apiDate = (day: number) => {
  const d = new Date(day);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
};
/** `YYYY-MM-DDTHH:mm:ssZ` (cut format). */
export const cutDate = (instant: number) => `${new Date(instant).toISOString().slice(0, 19)}Z`;
/** The UTC instant of a local wall-clock time `hours` after local midnight of `day`, in zone GMT `gmt`. */
export const localTime = (day: number, hours: number, gmt: number) =>
  new Date(day + hours * HOUR + gmt * HOUR);

/** A driver with its own supplier (renamed when `supplierName` is given). */
export async function createSupplierDriver(
  options: { supplierName?: string; name?: string; lastname?: string } = {},
) {
  const driver = await createDriver({ name: options.name, lastname: options.lastname });
  const { db } = await testDatabase();
  const [supplier] = await db
    .update(suppliers)
    .set({ updatedAt: new Date(), ...(options.supplierName && { name: options.supplierName }) })
    .where(eq(suppliers.id, driver.supplierId))
    .returning();
  if (!supplier) throw new Error("no supplier");
  return { driver, supplier };
}

/** A collaborator in the given branch office. */
export async function createRider(
  options: { name?: string; lastname?: string; branchOfficeId?: number | null } = {},
) {
  const employee = await createEmployee({ name: options.name, lastname: options.lastname });
  if (options.branchOfficeId !== undefined) {
    const { db } = await testDatabase();
    await db
      .update(employees)
      .set({ branchOfficeId: options.branchOfficeId })
      .where(eq(employees.id, employee.id));
  }
  return { ...employee, branchOfficeId: options.branchOfficeId ?? employee.branchOfficeId };
}

export async function createNamedBranchOffice(name?: string) {
  return createBranchOffice({ name: name ?? unique("Sucursal ") });
}

export { createDestination, createRoute };

export async function createRouteNotScheduled(options: {
  driverId: number;
  scheduledAt: Date;
  cost: string;
  name?: string;
  destinationId?: number | null;
}) {
  const { db } = await testDatabase();
  const [row] = await db
    .insert(routesNotScheduled)
    .values({
      name: options.name ?? unique("Especial "),
      scheduledAt: options.scheduledAt,
      driverId: options.driverId,
      cost: options.cost,
      destinationId: options.destinationId ?? null,
    })
    .returning();
  if (!row) throw new Error("no route not scheduled");
  return row;
}

/**
 * A trip inserted directly: finished at `endedAt` (or in progress without it), with its boardings
 * (`riders`) and cancellations (`canceled`).
 */
export async function createTrip(options: {
  routeId?: number;
  routeNotScheduledId?: number;
  driver: { id: number; supplierId: number };
  cost: string;
  startedAt: Date;
  endedAt?: Date | null;
  riders?: number[];
  canceled?: number[];
}) {
  const { db } = await testDatabase();
  const finished = options.endedAt !== undefined && options.endedAt !== null;
  const [trip] = await db
    .insert(intermediateRoutes)
    .values({
      routeId: options.routeId ?? null,
      routeNotScheduledId: options.routeNotScheduledId ?? null,
      driverId: options.driver.id,
      supplierId: options.driver.supplierId,
      status: finished ? "Finished" : "InProgress",
      startedAt: options.startedAt,
      endedAt: finished ? options.endedAt : null,
      cost: options.cost,
    })
    .returning();
  if (!trip) throw new Error("no trip");
  const services = [
    ...(options.riders ?? []).map((employeeId, i) => ({
      intermediateRouteId: trip.id,
      employeeId,
      status: "Boarded",
      scannedAt: new Date(options.startedAt.getTime() + (i + 1) * 60_000),
    })),
    ...(options.canceled ?? []).map((employeeId) => ({
      intermediateRouteId: trip.id,
      employeeId,
      status: "Canceled",
      canceledAt: new Date(options.startedAt.getTime() - HOUR),
      comment: "No puedo asistir",
    })),
  ];
  if (services.length > 0) await db.insert(transportServices).values(services);
  return trip;
}

/** The `GMT` header of the fixed scenario: UTC-4 (Santo Domingo). */
export const SCENARIO_GMT = 4;

/**
 * A fixed week of trips on a day of its own (`day`), in UTC-4. The report range is the local days
 * `day` and `day + 1`. Trips (cost, riders):
 * - t1 route A, driver 1: ends day 00:30 (first minutes of the range): e1 e2 e3 boarded, e4 canceled; 30.00
 * - t2 route A, driver 1: day+1 09:00: e1 e2 e3; 10.00 (split 3.34 / 3.33 / 3.33)
 * - t3 route B, driver 2: ends day-1 23:30 local (= day 03:30 UTC): outside the range; 25.00
 * - t4 route B, driver 2: ends day+1 22:00 local (= day+2 02:00 UTC): inside; e5; 25.00
 * - t5 not-scheduled R, driver 2: day 11:00: e2 e5; 40.00
 * - t6 route A, driver 1: started day+1 23:00, in progress: e1 boarded
 * - t7 route B, driver 2: day 13:00, nobody boarded; 25.00
 * - t8 route A, driver 1: day+2 00:20: outside; e1; 30.00
 */
export async function createFixedScenario(options: { day?: number } = {}) {
  const gmt = SCENARIO_GMT;
  const day = options.day ?? (await uniqueDay());
  const at = (dayOffset: number, hours: number) => localTime(day + dayOffset * DAY, hours, gmt);
  const s1 = await createSupplierDriver({
    supplierName: unique("Caribe "),
    name: "Ramón",
    lastname: "Ulloa",
  });
  const s2 = await createSupplierDriver({ supplierName: unique("Cibao "), name: "Luis", lastname: "Peña" });
  const b1 = await createNamedBranchOffice(unique("Sucursal Norte "));
  const b2 = await createNamedBranchOffice(unique("Sucursal Sur "));
  const e1 = await createRider({ name: "Ana", lastname: "Abreu", branchOfficeId: b1.id });
  const e2 = await createRider({ name: "Beto", lastname: "Báez", branchOfficeId: b1.id });
  const e3 = await createRider({ name: "Carla", lastname: "Cruz", branchOfficeId: b2.id });
  const e4 = await createRider({ name: "Dario", lastname: "Díaz", branchOfficeId: b1.id });
  const e5 = await createRider({ name: "Elena", lastname: "Estévez", branchOfficeId: null });
  const destination = await createDestination();
  const routeA = await createRoute({ name: unique("Ruta A "), cost: "30.00", destinationId: destination.id });
  const routeB = await createRoute({ name: unique("Ruta B "), cost: "25.00" });
  const rns = await createRouteNotScheduled({
    driverId: s2.driver.id,
    scheduledAt: at(0, 10),
    cost: "40.00",
    destinationId: destination.id,
  });
  const d1 = s1.driver;
  const d2 = s2.driver;
  const t1 = await createTrip({
    routeId: routeA.id,
    driver: d1,
    cost: "30.00",
    startedAt: at(0, 0.08),
    endedAt: at(0, 0.5),
    riders: [e1.id, e2.id, e3.id],
    canceled: [e4.id],
  });
  const t2 = await createTrip({
    routeId: routeA.id,
    driver: d1,
    cost: "10.00",
    startedAt: at(1, 8),
    endedAt: at(1, 9),
    riders: [e1.id, e2.id, e3.id],
  });
  const t3 = await createTrip({
    routeId: routeB.id,
    driver: d2,
    cost: "25.00",
    startedAt: at(-1, 23),
    endedAt: at(-1, 23.5),
    riders: [e5.id],
  });
  const t4 = await createTrip({
    routeId: routeB.id,
    driver: d2,
    cost: "25.00",
    startedAt: at(1, 21),
    endedAt: at(1, 22),
    riders: [e5.id],
  });
  const t5 = await createTrip({
    routeNotScheduledId: rns.id,
    driver: d2,
    cost: "40.00",
    startedAt: at(0, 10),
    endedAt: at(0, 11),
    riders: [e2.id, e5.id],
  });
  const t6 = await createTrip({
    routeId: routeA.id,
    driver: d1,
    cost: "30.00",
    startedAt: at(1, 23),
    riders: [e1.id],
  });
  const t7 = await createTrip({
    routeId: routeB.id,
    driver: d2,
    cost: "25.00",
    startedAt: at(0, 12),
    endedAt: at(0, 13),
  });
  const t8 = await createTrip({
    routeId: routeA.id,
    driver: d1,
    cost: "30.00",
    startedAt: at(2, 0),
    endedAt: at(2, 0.33),
    riders: [e1.id],
  });
  return {
    gmt,
    day,
    range: `sinceDate=${apiDate(day)}&untilDate=${apiDate(day + DAY)}`,
    /** The range as exact instants (cut format). */
    from: at(0, 0),
    to: at(2, 0),
    s1,
    s2,
    b1,
    b2,
    employees: { e1, e2, e3, e4, e5 },
    destination,
    routeA,
    routeB,
    rns,
    trips: { t1, t2, t3, t4, t5, t6, t7, t8 },
  };
}
export type FixedScenario = Awaited<ReturnType<typeof createFixedScenario>>;

/**
 * How many sessions of the test database wait on a lock, read on `monitor` (a connection outside
 * any transaction: inside one the activity view is a frozen snapshot). PostgreSQL only.
 */
export async function sessionsWaitingOnLocks(monitor: {
  query: (text: string) => Promise<{ rows: Array<{ n: string | number }> }>;
}): Promise<number> {
  const { rows } = await monitor.query(
    "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
  );
  return Number(rows[0]?.n ?? 0);
}
