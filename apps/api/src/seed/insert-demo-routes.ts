import type { SeededRandom } from "@treiber/contract/seeded-random";
import type { Tx } from "../db/client.js";
import {
  routeDays,
  routeDrivers,
  routeEmployees,
  routeNotScheduledEmployees,
  routes,
  routesNotScheduled,
} from "../db/schema.js";
import { DAY, type DemoClock, HOUR } from "./demo-clock.js";
import { BRANCH_ORDER, type BranchKey } from "./demo-places.js";
import { ROUTES, ROUTES_NOT_SCHEDULED } from "./demo-routes.js";
import type { DemoIds } from "./insert-demo-catalogue.js";
import { insertMany } from "./insert-many.js";
import { at, must } from "./must.js";
import type { DemoPeople } from "./plan-demo-people.js";

export type DemoRoutes = Awaited<ReturnType<typeof insertDemoRoutes>>;

/**
 * Inserts the scheduled routes (days, drivers, riders) and the unscheduled ones; answers their ids,
 * who rides each and when each rider was assigned.
 */
export async function insertDemoRoutes(
  tx: Tx,
  deps: { rng: SeededRandom; clock: DemoClock; people: DemoPeople; ids: DemoIds },
) {
  const { rng } = deps;
  const { nowMs, localAt } = deps.clock;
  const { employeePlans, collaboratorIdx } = deps.people;
  const { destinationId, driverId, employeeId } = deps.ids;

  // --- Scheduled routes -----------------------------------------------------------------------
  const routeCreated = new Date(nowMs - 120 * DAY);
  const routeRows = await tx
    .insert(routes)
    .values(
      ROUTES.map((r) => ({
        name: r.name,
        description: r.description,
        destinationId: destinationId(r.destination),
        departureTime: at(r.runs, 0),
        cost: r.cost,
        status: "active",
        createdAt: routeCreated,
        updatedAt: routeCreated,
      })),
    )
    .returning({ id: routes.id, name: routes.name });
  const routeId = (index: number) =>
    must(routeRows.find((r) => r.name === at(ROUTES, index).name)?.id, `route ${index}`);

  await insertMany(
    tx,
    routeDays,
    ROUTES.flatMap((r, i) => r.days.map((dayId) => ({ routeId: routeId(i), dayId }))),
  );
  await insertMany(
    tx,
    routeDrivers,
    ROUTES.flatMap((r, i) =>
      r.drivers.map((d) => ({ routeId: routeId(i), driverId: driverId(d), createdAt: routeCreated })),
    ),
  );

  // Riders: the branch's collaborators, in order (Yokasta Reyes rides the first route).
  const collaboratorsOf = (branch: BranchKey) =>
    employeePlans.flatMap((e, i) => (e.role === "Collaborator" && e.branch === branch ? [i] : []));
  const pool = new Map(BRANCH_ORDER.map((b) => [b, collaboratorsOf(b)]));
  const routeRiders: number[][] = ROUTES.map((r) => must(pool.get(r.branch), r.branch).splice(0, r.riders));
  if (!at(routeRiders, 0).includes(collaboratorIdx))
    throw new Error("demo data: colaborador@ must ride route 0");
  // When each rider was assigned; the last rider of six routes was assigned in the last 10 days.
  const assignedAt = new Map<string, Date>();
  const recentAssignments: { route: number; employee: number; at: Date }[] = [];
  routeRiders.forEach((riders, r) => {
    riders.forEach((e, position) => {
      let when = new Date(routeCreated.getTime() + rng.int(0, 72) * HOUR);
      if (r < 6 && position === riders.length - 1) {
        when = new Date(nowMs - (1 + r * 1.5) * DAY - rng.int(1, 8) * HOUR);
        recentAssignments.push({ route: r, employee: e, at: when });
      }
      assignedAt.set(`${r}:${e}`, when);
    });
  });
  await insertMany(
    tx,
    routeEmployees,
    routeRiders.flatMap((riders, r) =>
      riders.map((e) => ({
        routeId: routeId(r),
        employeeId: employeeId(e),
        createdAt: must(assignedAt.get(`${r}:${e}`), "assignment"),
      })),
    ),
  );

  // --- Unscheduled routes ---------------------------------------------------------------------
  const rnsRiders: number[][] = ROUTES_NOT_SCHEDULED.map((spec) =>
    rng.shuffled(collaboratorsOf(spec.riderBranch)).slice(0, spec.riders),
  );
  const rnsScheduledAt = ROUTES_NOT_SCHEDULED.map((spec) => localAt(spec.dayOffset, spec.time));
  const rnsRows = await tx
    .insert(routesNotScheduled)
    .values(
      ROUTES_NOT_SCHEDULED.map((spec, i) => {
        const scheduledAt = at(rnsScheduledAt, i);
        const createdAt = new Date(Math.min(scheduledAt.getTime() - 6 * DAY, nowMs - 2 * DAY));
        return {
          name: spec.name,
          description: spec.description,
          scheduledAt,
          driverId: driverId(spec.driver),
          cost: spec.cost,
          originAddress: spec.origin.address,
          originLatitude: spec.origin.lat,
          originLongitude: spec.origin.lng,
          destinationId: destinationId(spec.destination),
          status: "active",
          createdAt,
          updatedAt: createdAt,
        };
      }),
    )
    .returning({ id: routesNotScheduled.id, name: routesNotScheduled.name });
  const rnsId = (index: number) =>
    must(rnsRows.find((r) => r.name === at(ROUTES_NOT_SCHEDULED, index).name)?.id, `rns ${index}`);
  await insertMany(
    tx,
    routeNotScheduledEmployees,
    rnsRiders.flatMap((riders, i) =>
      riders.map((e) => ({ routeNotScheduledId: rnsId(i), employeeId: employeeId(e) })),
    ),
  );

  return { routeId, rnsId, routeRiders, assignedAt, recentAssignments, rnsRiders, rnsScheduledAt };
}
