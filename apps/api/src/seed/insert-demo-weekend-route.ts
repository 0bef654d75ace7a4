import type { Tx } from "../db/client.js";
import { routeDays, routeDrivers, routeEmployees, routes } from "../db/schema.js";
import { DAY, type DemoClock } from "./demo-clock.js";
import { DESTINATIONS, type DestinationKey } from "./demo-places.js";
import type { DemoIds } from "./insert-demo-catalogue.js";
import type { DemoRoutes } from "./insert-demo-routes.js";
import { insertHandDrawnStops } from "./insert-demo-shifts.js";
import { insertMany } from "./insert-many.js";
import { at, must } from "./must.js";
import type { DemoPeople } from "./plan-demo-people.js";
import { DEMO_ACCOUNTS_ROUTE } from "./plan-demo-trips.js";

/**
 * The demo accounts' weekend route (issue 33): the weekday routes run Monday to Friday, so on a
 * Saturday or Sunday chofer@treiber.app found «Hoy» empty. On those days he drives this one, with
 * colaborador@treiber.app and a few more of his weekday riders, and its stops (no shift: the
 * planner leaves it as it is). It has no trips yet, so it is «Pendiente» on a first look.
 */
export const WEEKEND_ROUTE = {
  name: "Piantini – Parque Industrial Itabo (fin de semana)",
  description: "Guardia de sábado y domingo: recoge en Piantini y sus alrededores al personal de turno.",
  destination: "itabo" as DestinationKey,
  days: [6, 7],
  cost: "85.00",
  /** chofer@treiber.app (index into DRIVERS). */
  driver: 0,
  /** How many of the weekday route's riders ride it, colaborador@treiber.app first. */
  riders: 4,
  firstStop: "07:00",
  gap: 8,
};

/** Inserts the weekend route; draws nothing from the PRNG, so the other demo data stays as it was. */
export async function insertDemoWeekendRoute(
  tx: Tx,
  deps: { clock: DemoClock; people: DemoPeople; ids: DemoIds; routes: DemoRoutes },
) {
  const spec = WEEKEND_ROUTE;
  const { collaboratorIdx } = deps.people;
  const { destinationId, driverId, employeeId } = deps.ids;
  const weekday = at(deps.routes.routeRiders, DEMO_ACCOUNTS_ROUTE);
  const riders = [collaboratorIdx, ...weekday.filter((e) => e !== collaboratorIdx)].slice(0, spec.riders);
  const created = new Date(deps.clock.nowMs - 30 * DAY);
  const [row] = await tx
    .insert(routes)
    .values({
      name: spec.name,
      description: spec.description,
      destinationId: destinationId(spec.destination),
      departureTime: spec.firstStop,
      cost: spec.cost,
      status: "active",
      createdAt: created,
      updatedAt: created,
    })
    .returning({ id: routes.id });
  const routeId = must(row?.id, spec.name);
  await insertMany(
    tx,
    routeDays,
    spec.days.map((dayId) => ({ routeId, dayId })),
  );
  await insertMany(tx, routeDrivers, [{ routeId, driverId: driverId(spec.driver), createdAt: created }]);
  await insertMany(
    tx,
    routeEmployees,
    riders.map((e) => ({ routeId, employeeId: employeeId(e), createdAt: created })),
  );
  const stops = await insertHandDrawnStops(tx, deps, {
    routeId,
    riders,
    workplace: DESTINATIONS[spec.destination],
    inbound: true,
    plan: spec,
  });
  return { routes: 1, stops };
}
