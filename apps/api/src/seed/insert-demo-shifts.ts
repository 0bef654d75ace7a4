import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  routeDays,
  routeDrivers,
  routeEmployees,
  routeStopRiders,
  routeStops,
  routes,
  shiftDays,
  shifts,
} from "../db/schema.js";
import { DAY, type DemoClock } from "./demo-clock.js";
import { DESTINATIONS, SECTORS } from "./demo-places.js";
import { ROUTES } from "./demo-routes.js";
import { RETURN_ROUTES, ROUTES_ON_SHIFTS, SHIFTS, type StopPlanSpec } from "./demo-shifts.js";
import type { DemoIds } from "./insert-demo-catalogue.js";
import type { DemoRoutes } from "./insert-demo-routes.js";
import { insertMany } from "./insert-many.js";
import { at, must } from "./must.js";
import type { DemoPeople } from "./plan-demo-people.js";
import { distanceKm, type Point } from "./point.js";

const addMinutes = (hhmm: string, minutes: number) => {
  const total = (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)) + minutes) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
};

/**
 * The demo's shifts, the routes planned on them (a return route per morning route that has one) and
 * their hand-drawn stops. Draws nothing from the PRNG: it runs after every other step.
 */
export async function insertDemoShifts(
  tx: Tx,
  deps: { clock: DemoClock; people: DemoPeople; ids: DemoIds; routes: DemoRoutes },
) {
  const { branchId, destinationId, driverId, employeeId } = deps.ids;
  const created = new Date(deps.clock.nowMs - 30 * DAY);

  const shiftRows = await tx
    .insert(shifts)
    .values(
      SHIFTS.map((s) => ({
        branchOfficeId: branchId(s.branch),
        name: s.name,
        direction: s.direction,
        time: s.time,
        createdAt: created,
        updatedAt: created,
      })),
    )
    .returning({ id: shifts.id, name: shifts.name });
  const shiftOf = (name: string) => {
    const spec = must(
      SHIFTS.find((s) => s.name === name),
      `shift ${name}`,
    );
    return { ...spec, id: must(shiftRows.find((r) => r.name === name)?.id, `shift ${name}`) };
  };
  await insertMany(
    tx,
    shiftDays,
    SHIFTS.flatMap((s) => s.days.map((dayId) => ({ shiftId: shiftOf(s.name).id, dayId }))),
  );

  // The return routes: the morning route's riders, on the Salida shift.
  const planned: { routeId: number; riders: number[]; workplace: Point; plan: StopPlanSpec }[] = [];
  for (const spec of RETURN_ROUTES) {
    const shift = shiftOf(spec.shift);
    const [row] = await tx
      .insert(routes)
      .values({
        name: spec.name,
        description: spec.description,
        destinationId: destinationId(spec.destination),
        departureTime: shift.time,
        cost: spec.cost,
        shiftId: shift.id,
        seats: spec.seats ?? null,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: routes.id });
    const routeId = must(row?.id, spec.name);
    const riders = at(deps.routes.routeRiders, spec.of);
    await insertMany(
      tx,
      routeDays,
      shift.days.map((dayId) => ({ routeId, dayId })),
    );
    await insertMany(
      tx,
      routeDrivers,
      spec.drivers.map((d) => ({ routeId, driverId: driverId(d), createdAt: created })),
    );
    await insertMany(
      tx,
      routeEmployees,
      riders.map((e) => ({ routeId, employeeId: employeeId(e), createdAt: created })),
    );
    planned.push({ routeId, riders, workplace: DESTINATIONS[spec.destination], plan: spec });
  }
  // The morning routes, put on their shift.
  for (const spec of ROUTES_ON_SHIFTS) {
    const routeId = deps.routes.routeId(spec.route);
    await tx
      .update(routes)
      .set({ shiftId: shiftOf(spec.shift).id, seats: spec.seats ?? null })
      .where(eq(routes.id, routeId));
    const route = at(ROUTES, spec.route);
    planned.push({
      routeId,
      riders: at(deps.routes.routeRiders, spec.route),
      workplace: DESTINATIONS[route.destination],
      plan: spec,
    });
  }

  // Hand-drawn stops: one per neighbourhood, at its centre.
  let stopCount = 0;
  for (const { routeId, riders, workplace, plan } of planned) {
    const inbound = shiftOf(plan.shift).direction === "inbound";
    stopCount += await insertHandDrawnStops(tx, deps, { routeId, riders, workplace, inbound, plan });
  }
  return { shifts: SHIFTS.length, returnRoutes: RETURN_ROUTES.length, stops: stopCount };
}

/**
 * A route's hand-drawn stops: one per home neighbourhood of its riders (indexes into the demo's
 * employees), at its centre, the farthest from the workplace first on the way in (nearest first on
 * the way out), `gap` minutes apart from `firstStop`. Answers how many stops it wrote.
 */
export async function insertHandDrawnStops(
  tx: Tx,
  deps: { people: DemoPeople; ids: DemoIds },
  route: {
    routeId: number;
    riders: number[];
    workplace: Point;
    inbound: boolean;
    plan: Pick<StopPlanSpec, "firstStop" | "gap">;
  },
): Promise<number> {
  const { employeePlans } = deps.people;
  const { employeeId } = deps.ids;
  const { routeId, workplace, plan } = route;
  const bySector = new Map<string, { point: Point; riders: number[] }>();
  for (const e of route.riders) {
    const rider = at(employeePlans, e);
    const sector = rider.address.split(", ").at(-1) ?? rider.address;
    const known = SECTORS[rider.branch].find(([name]) => name === sector);
    const stop = bySector.get(sector) ?? {
      point: known ? { lat: known[1], lng: known[2] } : { lat: rider.lat, lng: rider.lng },
      riders: [],
    };
    stop.riders.push(e);
    bySector.set(sector, stop);
  }
  const sign = route.inbound ? -1 : 1;
  const stops = [...bySector.entries()].sort(
    ([, a], [, b]) => sign * (distanceKm(a.point, workplace) - distanceKm(b.point, workplace)),
  );
  const rows = await tx
    .insert(routeStops)
    .values(
      stops.map(([sector, stop], index) => ({
        routeId,
        position: index + 1,
        name: `Parada ${sector}`,
        address: `${sector}, Santo Domingo`,
        latitude: stop.point.lat,
        longitude: stop.point.lng,
        plannedTime: addMinutes(plan.firstStop, index * plan.gap),
      })),
    )
    .returning({ id: routeStops.id, position: routeStops.position });
  await insertMany(
    tx,
    routeStopRiders,
    stops.flatMap(([, stop], index) =>
      stop.riders.map((e) => ({
        routeId,
        employeeId: employeeId(e),
        stopId: must(rows.find((r) => r.position === index + 1)?.id, "stop"),
      })),
    ),
  );
  return rows.length;
}
