import { API } from "@treiber/contract/api-paths";
import { SeededRandom } from "@treiber/contract/seeded-random";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  employees,
  intermediateRoutes,
  routes,
  routesNotScheduled,
  transportServices,
} from "../../src/db/schema.js";
import {
  type Model,
  type ModelTrip,
  NO_BRANCH_OFFICE,
  REPORT_ORACLES,
  type ReportFilters,
} from "../helpers/report-oracle.js";
import {
  apiDate,
  createDestination,
  createNamedBranchOffice,
  createRider,
  createRoute,
  createRouteNotScheduled,
  createSupplierDriver,
  createTrip,
  DAY,
  HOUR,
  localTime,
} from "../helpers/reporting-factories.js";
import {
  buildTestApp,
  getOk,
  type SignedIn,
  signedInAs,
  testDatabase,
  unique,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

// Ranges of several months would take in other files' trips: this file has a database of its own.
useOwnTestDatabase();

const MINUTE = 60_000;
const OFFSETS = [4, 0, -5.5, -5.75, 9.5, -14, 12];
/** UTC midnight of a calendar day (2024 is a leap year: February has 29 days). */
const day = (month: number, date: number, year = 2024) => Date.UTC(year, month - 1, date);
/** Local days `since … until` (UTC midnights of calendar days). */
const RANGES = {
  "three whole months": [day(2, 1), day(4, 30)],
  "mid-month to mid-month": [day(1, 15), day(3, 17)],
  "across the new year": [day(12, 20, 2023), day(2, 10)],
  "one month": [day(3, 1), day(3, 31)],
  "the last day of February": [day(2, 29), day(2, 29)],
  "the first day of April": [day(4, 1), day(4, 1)],
} as const;
type RangeName = keyof typeof RANGES;
const LONG_RANGES: RangeName[] = ["three whole months", "mid-month to mid-month", "across the new year"];
/** Local midnights the trips end around, in every offset: the ranges' edges and the months' firsts. */
const EDGES = [day(1, 1), day(1, 15), day(2, 1), day(3, 1), day(3, 18), day(4, 1), day(5, 1)];
const MIDDLE_ENDS = [
  day(12, 10, 2023) + 12 * HOUR,
  day(12, 28, 2023) + 7 * HOUR,
  day(1, 5) + 12 * HOUR,
  day(1, 20) + 12 * HOUR,
  day(2, 10),
  day(2, 14) + 18.5 * HOUR,
  day(3, 9) + 3 * HOUR,
  day(3, 25),
  day(4, 12) + 23.99 * HOUR,
  day(4, 20) + 6 * HOUR,
  day(5, 10) + 12 * HOUR,
];
/** Trips ending before it are created before the route renames and the branch office move. */
const CHANGES_AT = day(3, 10);
const COSTS = ["10.00", "33.33", "7.01", "25.50", "0.05", "100.00", "0.00"];

let app: FastifyInstance;
let admin: SignedIn;
const model: Model = {
  trips: [],
  routes: new Map(),
  specials: new Map(),
  destinations: new Map(),
  suppliers: new Map(),
  drivers: new Map(),
  employees: new Map(),
  branchOffices: new Map(),
};
/** Names and records the checks refer to. */
const the = {} as Awaited<ReturnType<typeof createData>>;

beforeAll(async () => {
  app = await buildTestApp();
  admin = await signedInAs(app, "Admin");
  Object.assign(the, await createData());
}, 120_000);
afterAll(() => app.close());

async function createData() {
  const { db } = await testDatabase();
  const north = await createNamedBranchOffice(unique("Norte "));
  const south = await createNamedBranchOffice(unique("Sur "));
  for (const office of [north, south]) model.branchOffices.set(office.id, office.name);
  const branchOf = new Map<number, number | null>();
  const rider = async (name: string, lastname: string, branchOfficeId: number | null) => {
    const employee = await createRider({ name, lastname, branchOfficeId });
    model.employees.set(employee.id, employee);
    branchOf.set(employee.id, branchOfficeId);
    return employee.id;
  };
  const elsa = await rider("Elsa", "Abreu", north.id);
  const fabio = await rider("Fabio", "Batista", north.id);
  const gina = await rider("Gina", "Cabral", south.id);
  const hugo = await rider("Hugo", "Duarte", south.id);
  const irene = await rider("Irene", "Espinal", north.id); // moves to the south office in March
  const julio = await rider("Julio", "Feliz", null);
  const karla = await rider("Karla", "Gomez", south.id); // one service only
  const riders = [elsa, fabio, gina, hugo, irene, julio];

  const crews = [];
  for (const [name, lastname, supplier] of [
    ["Ana", "Uno", "Caribe "],
    ["Bruno", "Dos", "Cibao "],
    ["Carlos", "Tres", "Este "],
    ["Diana", "Cuatro", "Oeste "],
  ] as const) {
    const crew = await createSupplierDriver({ supplierName: unique(supplier), name, lastname });
    model.drivers.set(crew.driver.id, crew.driver);
    model.suppliers.set(crew.supplier.id, crew.supplier.name);
    crews.push(crew);
  }
  const [ana, bruno, carlos, diana] = crews as [
    (typeof crews)[0],
    (typeof crews)[0],
    (typeof crews)[0],
    (typeof crews)[0],
  ];
  // Carlos also drives for Ana's supplier: one driver, two rows.
  const drives = [
    ana.driver,
    bruno.driver,
    carlos.driver,
    { id: carlos.driver.id, supplierId: ana.supplier.id },
  ];

  const shared = await createDestination();
  model.destinations.set(shared.id, shared.name);
  const route = async (name: string, destination = shared) => {
    if (destination !== shared) model.destinations.set(destination.id, destination.name);
    const row = await createRoute({ name, destinationId: destination.id });
    model.routes.set(row.id, { name: row.name, destinationId: row.destinationId });
    return row.id;
  };
  const abeto = await route(unique("Abeto "));
  const bambu = await route(unique("Bambu "), await createDestination());
  const cedro = await route(unique("Cedro "), await createDestination());
  const special = async (name: string, destinationId: number | null) => {
    const row = await createRouteNotScheduled({
      driverId: bruno.driver.id,
      scheduledAt: new Date(day(1, 1)),
      cost: "40.00",
      name,
      destinationId,
    });
    model.specials.set(row.id, { name: row.name, destinationId: row.destinationId });
    return row.id;
  };
  const especial = await special(unique("Especial "), shared.id);
  const fresno = await special(unique("Fresno "), null);
  const names = {
    abeto: model.routes.get(abeto)?.name as string,
    bambu: model.routes.get(bambu)?.name as string,
    especial: model.specials.get(especial)?.name as string,
  };

  const trip = async (options: {
    routeId?: number;
    specialId?: number;
    driver: { id: number; supplierId: number };
    cost: string;
    endedAt: number | null;
    startedAt?: number;
    riders?: number[];
    canceled?: number[];
  }) => {
    const startedAt = new Date(options.startedAt ?? Number(options.endedAt) - 40 * MINUTE);
    const row = await createTrip({
      routeId: options.routeId,
      routeNotScheduledId: options.specialId,
      driver: options.driver,
      cost: options.cost,
      startedAt,
      endedAt: options.endedAt === null ? null : new Date(options.endedAt),
      riders: options.riders,
      canceled: options.canceled,
    });
    const modelTrip: ModelTrip = {
      id: row.id,
      routeId: options.routeId ?? null,
      specialId: options.specialId ?? null,
      routeName: (options.routeId
        ? model.routes.get(options.routeId)?.name
        : model.specials.get(Number(options.specialId))?.name) as string,
      driverId: options.driver.id,
      supplierId: options.driver.supplierId,
      costCents: Math.round(Number(options.cost) * 100),
      startedAt,
      endedAt: options.endedAt === null ? null : new Date(options.endedAt),
      services: [
        ...(options.riders ?? []).map((employeeId) => ({
          employeeId,
          boarded: true,
          branchOfficeId: branchOf.get(employeeId) ?? null,
        })),
        ...(options.canceled ?? []).map((employeeId) => ({
          employeeId,
          boarded: false,
          branchOfficeId: branchOf.get(employeeId) ?? null,
        })),
      ],
    };
    model.trips.push(modelTrip);
    return modelTrip;
  };

  // A route renamed between two trips ending at the same instant: the higher id names the row.
  const tieEnd = day(2, 20) + 12 * HOUR;
  await trip({ routeId: bambu, driver: diana.driver, cost: "12.00", endedAt: tieEnd, riders: [elsa] });
  await renameRoute(bambu, unique("Bonsai "));
  await trip({ routeId: bambu, driver: diana.driver, cost: "13.00", endedAt: tieEnd, riders: [fabio, gina] });
  // Under the old name, created before the rename, ends after the trips under the new name.
  await trip({ routeId: abeto, driver: diana.driver, cost: "20.00", endedAt: day(4, 20), riders: [hugo] });
  // Karla's only service; a trip nobody boarded (only a cancellation).
  await trip({
    routeId: cedro,
    driver: diana.driver,
    cost: "9.99",
    endedAt: day(2, 12) + 9 * HOUR,
    riders: [karla, julio],
  });
  await trip({
    routeId: cedro,
    driver: bruno.driver,
    cost: "15.00",
    endedAt: day(3, 2) + 15 * HOUR,
    canceled: [gina],
  });

  // The one seeded generator (mulberry32): the same trips on every run.
  const generator = new SeededRandom(2024);
  const random = () => generator.next();
  const pick = <T>(items: readonly T[]) => generator.pick(items);
  const ends = [
    ...EDGES.flatMap((edge) =>
      OFFSETS.flatMap((gmt) => [-1, 0, 1].map((m) => localTime(edge, 0, gmt).getTime() + m * MINUTE)),
    ),
    ...MIDDLE_ENDS,
  ].sort((a, b) => a - b);
  let changed = false;
  for (const endedAt of ends) {
    if (!changed && endedAt >= CHANGES_AT) {
      changed = true;
      await renameRoute(abeto, unique("Roble "));
      const guayabo = unique("Guayabo ");
      await db.update(routesNotScheduled).set({ name: guayabo }).where(eq(routesNotScheduled.id, especial));
      (model.specials.get(especial) as { name: string }).name = guayabo;
      await db.update(employees).set({ branchOfficeId: south.id }).where(eq(employees.id, irene));
      branchOf.set(irene, south.id);
      // Under the new name, ending before the trip under the old one.
      await trip({
        routeId: abeto,
        driver: diana.driver,
        cost: "21.00",
        endedAt: day(3, 12),
        riders: [hugo, irene],
      });
    }
    const boarded = riders.filter(() => random() < 0.45);
    await trip({
      ...(random() < 0.3
        ? { specialId: pick([especial, fresno]) }
        : { routeId: pick([abeto, bambu, cedro]) }),
      driver: pick(drives),
      cost: pick(COSTS),
      endedAt,
      riders: boarded,
      canceled: riders.filter((id) => !boarded.includes(id) && random() < 0.2),
    });
  }
  // Still in progress: in no report.
  await trip({
    routeId: cedro,
    driver: ana.driver,
    cost: "30.00",
    startedAt: day(3, 5),
    endedAt: null,
    riders: [elsa],
  });
  return {
    north,
    south,
    elsa,
    irene,
    karla,
    ana,
    bruno,
    carlos,
    diana,
    abeto,
    bambu,
    cedro,
    especial,
    shared,
    names,
  };
}

async function renameRoute(id: number, name: string) {
  const { db } = await testDatabase();
  await db.update(routes).set({ name }).where(eq(routes.id, id));
  (model.routes.get(id) as { name: string }).name = name;
}

const get = (path: string, gmt: number) => getOk(app, admin, path, gmt);

/** Every report over the range in the offset, against the oracle. */
async function check(step: string, range: RangeName, gmt: number, filters: ReportFilters = {}) {
  const [since, until] = RANGES[range];
  const from = localTime(since, 0, gmt);
  const to = localTime(until + DAY, 0, gmt);
  const query = new URLSearchParams({ sinceDate: apiDate(since), untilDate: apiDate(until), amount: "100" });
  for (const [key, value] of Object.entries(filters)) query.set(key, String(value));
  for (const [path, oracle] of Object.entries(REPORT_ORACLES)) {
    const expected = oracle(model, from, to, filters);
    expect(expected.amount, "the page holds every row").toBeLessThan(100);
    expect(
      await get(`${path}?${query}`, gmt),
      `${step}: ${path}, ${range}, GMT ${gmt}, ${JSON.stringify(filters)}`,
    ).toEqual(expected);
  }
}

describe("reports over ranges of months agree with the trips themselves", () => {
  it("every report, range and offset, as created", async () => {
    for (const range of Object.keys(RANGES) as RangeName[]) {
      for (const gmt of OFFSETS) await check("as created", range, gmt);
    }
    // The data holds the cases the comparison is about (as the oracle sees them, equal to the API).
    const [since, until] = RANGES["three whole months"];
    const from = localTime(since, 0, 4);
    const to = localTime(until + DAY, 0, 4);
    for (const [path, oracle] of Object.entries(REPORT_ORACLES)) {
      expect(oracle(model, from, to, {}).amount, path).toBeGreaterThan(0);
    }
    const routeName = (routeId: number) =>
      REPORT_ORACLES["Route/report"](model, from, to, {}).data.items.find(
        (item) => item.routeId === routeId && item.supplierId === the.diana.supplier.id,
      )?.routeName;
    expect(routeName(the.abeto), "the trip that ended last ran under the old name").toBe(the.names.abeto);
    expect(routeName(the.bambu), "a tie on the end: the higher id").toBe(model.routes.get(the.bambu)?.name);
    const people = REPORT_ORACLES["Employee/report"](model, from, to, {}).data.items;
    expect(
      people.filter((item) => item.employeeId === the.irene).map((item) => item.branchOfficeName),
    ).toEqual([the.north.name, the.south.name]);
    const offices = REPORT_ORACLES["BranchOffice/report"](model, from, to, {}).data.items;
    expect(offices.map((item) => item.name)).toContain(NO_BRANCH_OFFICE);
    // The edge days bill different trips in different offsets.
    for (const range of ["the last day of February", "the first day of April"] as const) {
      const [day] = RANGES[range];
      const totals = OFFSETS.map(
        (gmt) =>
          REPORT_ORACLES["Route/report"](model, localTime(day, 0, gmt), localTime(day + DAY, 0, gmt), {}).data
            .total,
      );
      expect(new Set(totals).size, range).toBeGreaterThan(3);
    }
  }, 120_000);

  it("filters on the long range", async () => {
    const filters: ReportFilters[] = [
      { criterion: the.names.bambu }, // an old name only one trip ran under
      { criterion: the.names.abeto },
      { criterion: "cuatro" },
      { criterion: model.employees.get(the.irene)?.codeEmployee },
      { criterion: the.north.name },
      { supplierName: model.suppliers.get(the.ana.supplier.id)?.toUpperCase() },
      { routeName: the.names.abeto },
      { routeName: model.routes.get(the.abeto)?.name },
      { routeName: the.names.especial },
      { driverId: the.carlos.driver.id },
      { destinationId: the.shared.id },
      { supplierName: model.suppliers.get(the.ana.supplier.id), destinationId: the.shared.id },
    ];
    for (const filter of filters) {
      for (const gmt of [4, -5.75]) await check("filtered", "three whole months", gmt, filter);
    }
  }, 120_000);

  it("after finished trips and their services change, move, go away and are cut", async () => {
    const { db } = await testDatabase();
    const [since, until] = RANGES["three whole months"];
    const inRange = (trip: ModelTrip) =>
      trip.endedAt !== null && trip.endedAt.getTime() > since + DAY && trip.endedAt.getTime() < until - DAY;
    const boarded = (trip: ModelTrip) => trip.services.filter((service) => service.boarded);
    const karlas = model.trips.find((trip) =>
      trip.services.some((s) => s.employeeId === the.karla),
    ) as ModelTrip;
    const withRiders = model.trips.filter(
      (trip) => trip !== karlas && inRange(trip) && boarded(trip).length >= 2,
    );
    const [costly, canceling, moving, deleted, reopened] = withRiders as ModelTrip[] as [
      ModelTrip,
      ModelTrip,
      ModelTrip,
      ModelTrip,
      ModelTrip,
    ];
    const setTrip = async (trip: ModelTrip, values: Partial<typeof intermediateRoutes.$inferInsert>) => {
      await db.update(intermediateRoutes).set(values).where(eq(intermediateRoutes.id, trip.id));
      if (values.cost !== undefined) trip.costCents = Math.round(Number(values.cost) * 100);
      if (values.endedAt !== undefined) trip.endedAt = values.endedAt;
    };

    await setTrip(costly, { cost: "19.99" });

    const canceled = boarded(canceling)[0] as { employeeId: number; boarded: boolean };
    await db
      .update(transportServices)
      .set({ status: "Canceled", scannedAt: null, canceledAt: new Date(since) })
      .where(
        and(
          eq(transportServices.intermediateRouteId, canceling.id),
          eq(transportServices.employeeId, canceled.employeeId),
        ),
      );
    canceled.boarded = false;
    // Karla's only service goes away: her row with it.
    await db
      .delete(transportServices)
      .where(
        and(
          eq(transportServices.intermediateRouteId, karlas.id),
          eq(transportServices.employeeId, the.karla),
        ),
      );
    karlas.services = karlas.services.filter((s) => s.employeeId !== the.karla);

    // A trip ends 40 days later; another two minutes later, in the next UTC month.
    await setTrip(moving, { endedAt: new Date((moving.endedAt as Date).getTime() + 40 * DAY) });
    const nudged = model.trips.find((trip) => trip.endedAt?.getTime() === day(3, 1) - MINUTE) as ModelTrip;
    await setTrip(nudged, { endedAt: new Date(day(3, 1) + MINUTE) });
    // The trip in progress finishes; a finished one goes back in progress.
    const running = model.trips.find((trip) => trip.endedAt === null) as ModelTrip;
    await setTrip(running, { status: "Finished", endedAt: new Date(day(3, 20) + 10 * HOUR) });
    await setTrip(reopened, { status: "InProgress", endedAt: null });

    await db.delete(intermediateRoutes).where(eq(intermediateRoutes.id, deleted.id));
    model.trips = model.trips.filter((trip) => trip.id !== deleted.id);

    await renameRoute(the.abeto, unique("Zeta "));
    const checkLongRanges = async (step: string) => {
      for (const range of LONG_RANGES) for (const gmt of [4, 0, -5.75, 12]) await check(step, range, gmt);
      await check(step, "three whole months", 4, { routeName: model.routes.get(the.abeto)?.name });
      await check(step, "three whole months", 4, { criterion: the.names.abeto });
    };
    await checkLongRanges("after the changes");

    const cut = await app.inject({
      method: "POST",
      url: API.cut.create.path,
      headers: { ...admin.headers, gmt: "4" },
      payload: { sinceDate: "2024-01-01T00:00:00Z", untilDate: "2024-03-15T00:00:00Z" },
    });
    expect(cut.statusCode, cut.body).toBe(201);
    expect(cut.json().trips).toBeGreaterThan(0);
    await checkLongRanges("after the cut");
  }, 120_000);
});
