import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { destinations, drivers, routeDrivers, routes, shifts } from "../../db/schema.js";

/**
 * The routes a new rate prices (decision 0061): active, on a shift, at $0 that Planning/apply wrote
 * (`cost_from_plan`: never one typed by hand), with one driver, of this supplier. Locked: a
 * concurrent apply or edit of one waits for this transaction.
 */
export function unpricedPlannedRoutes(tx: Tx, supplierId: number) {
  const onlyDriver = sql`(select count(*) from ${routeDrivers} x where x.route_id = ${routes.id}) = 1`;
  return tx
    .select({
      id: routes.id,
      seats: drivers.vehicleCapacity,
      branchOfficeId: shifts.branchOfficeId,
      direction: shifts.direction,
      time: shifts.time,
      travelSpeedKmh: shifts.travelSpeedKmh,
      travelCircuity: shifts.travelCircuity,
      workplaceLatitude: destinations.latitude,
      workplaceLongitude: destinations.longitude,
    })
    .from(routes)
    .innerJoin(routeDrivers, eq(routeDrivers.routeId, routes.id))
    .innerJoin(drivers, eq(drivers.id, routeDrivers.driverId))
    .innerJoin(shifts, eq(shifts.id, routes.shiftId))
    .innerJoin(destinations, eq(destinations.id, routes.destinationId))
    .where(
      and(
        eq(drivers.supplierId, supplierId),
        eq(routes.status, "active"),
        eq(routes.costFromPlan, true),
        sql`${routes.cost} = 0`,
        onlyDriver,
      ),
    )
    .for("update", { of: routes });
}
export type UnpricedPlannedRoute = Awaited<ReturnType<typeof unpricedPlannedRoutes>>[number];

/** Writes `cost` (per trip) on the routes, a new version of each (Planificación sees the change). */
export async function setRouteCosts(tx: Tx, routeIds: number[], cost: number, at: Date) {
  await tx
    .update(routes)
    .set({ cost: cost.toFixed(2), updatedAt: at })
    .where(inArray(routes.id, routeIds));
}
