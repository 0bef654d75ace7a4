import type { APIRequestContext } from "@playwright/test";
import type { DayPlanResponse } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { localDate } from "./bookings-fixtures";
import { auth, digits, PASSWORD, send, tokenOf } from "./field-fixtures";
import { PLANT, type Point } from "./first-day-fixtures";
import { ACCOUNTS, identityCardOf } from "./helpers";

/** Fixtures of the plan-of-the-day journey (day-plan.spec.ts, issue 36). */

const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
/**
 * An Entrada at 07:00 whose routes set off at 06:10: tomorrow's run, its cut-off (04:10 tomorrow,
 * 120 minutes before) hours away at any hour of today.
 */
const SHIFT_TIME = "07:00";
const DEPARTURE = "06:10";
/** Each street's four stops, from the farthest (position 1) to the nearest, 8 minutes apart. */
const STOP_LATITUDES = [18.52, 18.512, 18.504, 18.496];
const STOP_TIMES = ["06:20", "06:28", "06:36", "06:44"];

export type RouteKey = "A" | "B" | "C" | "D" | "E";

/**
 * Five standing routes, each up its own street north of the plant (west to east: D, A, C, B, E),
 * 40 riders at four stops each (two a stop, the last stop takes the rest). 16 riders (40 %) cancel
 * tomorrow, concentrated so that the planner's answer is forced:
 * - A and B (10 seats, $200 a trip) keep 3 riders each, on streets 400 m either side of C's;
 * - C (12 seats, $20) keeps its two far stops (4 riders): with A's and B's, 10 riders in the middle,
 *   which only C's 12 seats hold among the cheap buses;
 * - D (7 seats, $20) keeps 6 riders, E (9 seats, $20) keeps 8: no cheap bus but E's holds E's.
 * So tomorrow runs C (with A's and B's stops), D and E; A and B are released (fewest vehicles first,
 * then the cheaper ones: a bus's price weighs more than the few km between the streets).
 */
const ROUTES: Record<
  RouteKey,
  { longitude: number; seats: number; cost: number; riders: number; cancel: number[] }
> = {
  D: { longitude: -69.962, seats: 7, cost: 20, riders: 7, cancel: [6] },
  A: { longitude: -69.943, seats: 10, cost: 200, riders: 8, cancel: [0, 1, 5, 6, 7] },
  C: { longitude: -69.939, seats: 12, cost: 20, riders: 8, cancel: [4, 5, 6, 7] },
  B: { longitude: -69.935, seats: 10, cost: 200, riders: 8, cancel: [0, 1, 2, 3, 7] },
  E: { longitude: -69.916, seats: 9, cost: 20, riders: 9, cancel: [8] },
};
export const ROUTE_KEYS = Object.keys(ROUTES) as RouteKey[];

/** The stop (0–3) of a route's rider `index`: two a stop, the last stop takes the rest. */
const stopOf = (index: number) => Math.min(Math.floor(index / 2), STOP_LATITUDES.length - 1);

/** The calendar date after today on the test's clock (noon-based: no daylight-saving edge). */
export function tomorrowDate(now = Date.now()) {
  const today = new Date(now);
  return localDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1, 12).getTime());
}

type Rider = { id: number; email: string; fullName: string; stop: number };
export type DayPlanRoute = {
  key: RouteKey;
  id: number;
  name: string;
  driverEmail: string;
  driverName: string;
  stops: { name: string; plannedTime: string; point: Point }[];
  riders: Rider[];
};

/**
 * Master data through the admin API: a supplier without rates (named to sort after the demo ones:
 * other journeys take the first of the list), the office, the plant, the shift.
 */
async function createSite(request: APIRequestContext, admin: string, tag: string) {
  const supplier = await send<{ id: number }>(request, admin, API.supplier.create, {
    name: `Transportes Plan Día ${tag}`,
    telephone: "(809) 555-0404",
  });
  const office = await send<{ id: number }>(request, admin, API.branchOffice.create, {
    name: `Sucursal Plan Día ${tag}`,
    address: "Av. Winston Churchill 95",
    ...PLANT,
  });
  const workplace = await send<{ id: number }>(request, admin, API.destination.create, {
    name: `Planta Plan Día ${tag}`,
    address: "Av. Gustavo Mejía Ricart, Piantini",
    ...PLANT,
  });
  const shift = await send<{ id: number }>(request, admin, API.shift.create, {
    branchOfficeId: office.id,
    name: `Plan Día ${tag}`,
    direction: "inbound",
    time: SHIFT_TIME,
    dayIds: ALL_DAYS,
  });
  return {
    supplierId: supplier.id,
    branchOfficeId: office.id,
    destinationId: workplace.id,
    shiftId: shift.id,
  };
}

type Site = Awaited<ReturnType<typeof createSite>> & { admin: string; stamp: string; tag: string };

async function createRider(request: APIRequestContext, site: Site, key: RouteKey, index: number) {
  const name = `Ana${key}${index}`;
  const lastname = `PlanDía${site.tag}`;
  const email = `plan-dia-${key}${index}-${site.stamp}@e2e.treiber.app`;
  const created = await send<{ id: number }>(request, site.admin, API.auth.employeeSignup, {
    email,
    name,
    lastname,
    password: PASSWORD,
    codeEmployee: `PD${key}${index}-${site.stamp.slice(-7)}`,
    department: "Producción",
    jobTitle: "Operario",
    telephone: "(809) 555-0505",
    branchOfficeId: site.branchOfficeId,
  });
  return { id: created.id, email, fullName: `${name} ${lastname}`, stop: stopOf(index) };
}

async function createDriver(request: APIRequestContext, site: Site, key: RouteKey, seats: number) {
  const email = `chofer-plan-dia-${key}-${site.stamp}@e2e.treiber.app`;
  const lastname = `Ruta${key} ${site.tag}`;
  const created = await send<{ id: number }>(request, site.admin, API.auth.driverSignup, {
    email,
    password: PASSWORD,
    name: "Chofer",
    lastname,
    identityCard: identityCardOf(),
    telephone: "(809) 555-0606",
    licenseNumber: `LPD${key}-${site.stamp.slice(-7)}`,
    supplierId: site.supplierId,
    vehiclePlate: `P${key}${site.stamp.slice(-5)}`,
    vehicleModel: "Toyota Hiace",
    vehicleCapacity: seats,
  });
  return { id: created.id, email, name: `Chofer ${lastname}` };
}

/** One standing route up its street: driver, riders at their stops, planned times. */
async function createRoute(request: APIRequestContext, site: Site, key: RouteKey): Promise<DayPlanRoute> {
  const spec = ROUTES[key];
  const name = `Ruta ${key} ${site.tag}`;
  const route = await send<{ id: number }>(request, site.admin, API.route.create, {
    name,
    destinationId: site.destinationId,
    dayIds: ALL_DAYS,
    departureTime: DEPARTURE,
    cost: spec.cost,
    shiftId: site.shiftId,
    seats: spec.seats,
  });
  const assign = async (path: string, query: string) => {
    const response = await request.put(`${path}?${query}&routeId=${route.id}`, { headers: auth(site.admin) });
    if (response.status() !== 200) throw new Error(`${path}: ${await response.text()}`);
  };
  const driver = await createDriver(request, site, key, spec.seats);
  await assign(API.driver.addRoute.path, `driverId=${driver.id}`);
  const riders: Rider[] = [];
  for (let index = 0; index < spec.riders; index++) {
    const rider = await createRider(request, site, key, index);
    await assign(API.employee.addRoute.path, `employeeId=${rider.id}`);
    riders.push(rider);
  }
  const stops = STOP_LATITUDES.map((latitude, stop) => ({
    // No tag in it: Treiber App shows a stop's name without what reads as a house number.
    name: `Parada ${key}${stop + 1}`,
    plannedTime: STOP_TIMES[stop] ?? "06:44",
    point: { latitude, longitude: spec.longitude },
  }));
  await send(request, site.admin, API.route.saveStops, {
    routeId: route.id,
    stops: stops.map((stop, index) => ({
      position: index + 1,
      name: stop.name,
      address: null,
      ...stop.point,
      plannedTime: stop.plannedTime,
      employeeIds: riders.filter((rider) => rider.stop === index).map((rider) => rider.id),
    })),
  });
  return { key, id: route.id, name, driverEmail: driver.email, driverName: driver.name, stops, riders };
}

/**
 * What happens elsewhere, through the API: the site and its five standing routes (see ROUTES),
 * then 16 of the 40 riders say «No viajaré» for tomorrow as riders (`PUT Booking/cancel`), hours
 * before tomorrow's cut-off at any hour of the day.
 */
export async function createDayPlanFixture(request: APIRequestContext) {
  const admin = await tokenOf(request, ACCOUNTS.superAdmin);
  const stamp = `${Date.now()}${digits(3)}`;
  const tag = stamp.slice(-6);
  const site: Site = { ...(await createSite(request, admin, tag)), admin, stamp, tag };
  const routes = {} as Record<RouteKey, DayPlanRoute>;
  for (const key of ROUTE_KEYS) routes[key] = await createRoute(request, site, key);
  const tomorrow = tomorrowDate();
  let cancelled = 0;
  for (const key of ROUTE_KEYS) {
    for (const index of ROUTES[key].cancel) {
      const rider = routes[key].riders[index];
      if (!rider) throw new Error(`Ruta ${key}: sin colaborador ${index}`);
      const token = await tokenOf(request, rider.email, PASSWORD);
      await send(request, token, API.booking.cancel, { routeId: routes[key].id, date: tomorrow });
      cancelled += 1;
    }
  }
  return {
    ...site,
    office: `Sucursal Plan Día ${tag}`,
    workplace: `Planta Plan Día ${tag}`,
    shift: `Plan Día ${tag}`,
    routes,
    tomorrow,
    riders: ROUTE_KEYS.reduce((sum, key) => sum + ROUTES[key].riders, 0),
    cancelled,
  };
}
export type DayPlanFixture = Awaited<ReturnType<typeof createDayPlanFixture>>;

/** The day plan applied to tomorrow, as the server holds it (`GET Planning/day`). */
export async function appliedDayPlan(request: APIRequestContext, fixture: DayPlanFixture) {
  const response = await request.get(apiPath(API.planning.day), {
    headers: auth(fixture.admin),
    params: { shiftId: fixture.shiftId, destinationId: fixture.destinationId, date: fixture.tomorrow },
  });
  if (response.status() !== 200) throw new Error(`Planning/day: ${await response.text()}`);
  return ((await response.json()) as DayPlanResponse).dayPlan;
}
