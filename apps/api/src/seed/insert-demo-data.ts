import { SeededRandom } from "@treiber/contract/seeded-random";
import type { Tx } from "../db/client.js";
import { demoClock } from "./demo-clock.js";
import { BRANCH_ORDER, DESTINATION_ORDER } from "./demo-places.js";
import { ROUTES, ROUTES_NOT_SCHEDULED } from "./demo-routes.js";
import { SUPPLIERS } from "./demo-suppliers.js";
import { insertDemoBoardings } from "./insert-demo-boardings.js";
import { insertDemoCatalogue } from "./insert-demo-catalogue.js";
import { insertDemoNotifications } from "./insert-demo-notifications.js";
import { insertDemoRoutes } from "./insert-demo-routes.js";
import { insertDemoShifts } from "./insert-demo-shifts.js";
import { insertDemoSupplierUser } from "./insert-demo-supplier-user.js";
import { insertDemoTrips } from "./insert-demo-trips.js";
import { insertDemoWeekendRoute } from "./insert-demo-weekend-route.js";
import { planDemoPeople } from "./plan-demo-people.js";
import { planDemoTrips } from "./plan-demo-trips.js";

/**
 * Plans and inserts every demo row inside `tx`; answers how many rows each table got. One seeded
 * PRNG is drawn from in a fixed order, so the steps must keep this order for the same data.
 */
export async function insertDemoData(
  tx: Tx,
  now: Date,
  passwordHash: string,
): Promise<Record<string, number>> {
  const rng = new SeededRandom(20_240_611);
  const clock = demoClock(now);
  const { nowMs } = clock;

  const people = planDemoPeople(rng, nowMs);
  const ids = await insertDemoCatalogue(tx, { nowMs, passwordHash, people });
  const routes = await insertDemoRoutes(tx, { rng, clock, people, ids });
  const plan = planDemoTrips({ rng, clock, routes });
  const tripId = await insertDemoTrips(tx, { people, ids, routes, plan });
  const boardings = await insertDemoBoardings(tx, { rng, nowMs, ids, plan, tripId });
  const notifications = await insertDemoNotifications(tx, {
    rng,
    nowMs,
    people,
    ids,
    routes,
    plan,
    boardings,
  });
  // Last: it draws nothing from the PRNG, so the steps above keep their data.
  const planned = await insertDemoShifts(tx, { clock, people, ids, routes });
  // The demo accounts' weekend route (issue 33), after every other step for the same reason.
  const weekend = await insertDemoWeekendRoute(tx, { clock, people, ids, routes });
  // The supplier portal's demo account (issue 37); draws nothing from the PRNG either.
  const supplierUsers = await insertDemoSupplierUser(tx, { nowMs, passwordHash, ids });

  return {
    users: ids.userCount + supplierUsers,
    supplier_users: supplierUsers,
    branch_offices: BRANCH_ORDER.length,
    suppliers: SUPPLIERS.length,
    drivers: people.driverPlans.length,
    employees: people.employeePlans.length,
    destinations: DESTINATION_ORDER.length,
    routes: ROUTES.length + planned.returnRoutes + weekend.routes,
    shifts: planned.shifts,
    route_stops: planned.stops + weekend.stops,
    routes_not_scheduled: ROUTES_NOT_SCHEDULED.length,
    intermediate_routes: plan.trips.length,
    trip_positions: plan.positions.length,
    transport_services: boardings.services.length,
    comments: boardings.commentPlans.length,
    notifications,
  };
}
