import type { Tx } from "../db/client.js";
import { intermediateRoutes, tripPositions } from "../db/schema.js";
import type { DemoIds } from "./insert-demo-catalogue.js";
import type { DemoRoutes } from "./insert-demo-routes.js";
import { insertMany } from "./insert-many.js";
import { at, must } from "./must.js";
import type { DemoPeople } from "./plan-demo-people.js";
import type { DemoTrips } from "./plan-demo-trips.js";

/** Inserts the planned trips and their trails; answers a trip's id by plan index. */
export async function insertDemoTrips(
  tx: Tx,
  deps: { people: DemoPeople; ids: DemoIds; routes: DemoRoutes; plan: DemoTrips },
) {
  const { driverPlans } = deps.people;
  const { driverId, supplierId } = deps.ids;
  const { routeId, rnsId } = deps.routes;
  const { trips, positions, lastPosition } = deps.plan;

  const tripRows = await tx
    .insert(intermediateRoutes)
    .values(
      trips.map((trip, t) => {
        const last = at(lastPosition, t);
        return {
          routeId: trip.route === undefined ? null : routeId(trip.route),
          routeNotScheduledId: trip.rns === undefined ? null : rnsId(trip.rns),
          driverId: driverId(trip.driver),
          supplierId: supplierId(at(driverPlans, trip.driver).supplier),
          status: trip.end ? "Finished" : "InProgress",
          startedAt: trip.start,
          endedAt: trip.end,
          cost: trip.cost,
          lastLatitude: last.lat,
          lastLongitude: last.lng,
          lastPositionAt: last.at,
          createdAt: trip.start,
          updatedAt: trip.end ?? last.at,
        };
      }),
    )
    .returning({
      id: intermediateRoutes.id,
      driverId: intermediateRoutes.driverId,
      startedAt: intermediateRoutes.startedAt,
    });
  const tripIdByKey = new Map(tripRows.map((r) => [`${r.driverId}|${r.startedAt.getTime()}`, r.id]));
  const tripId = (t: number) => {
    const trip = at(trips, t);
    return must(tripIdByKey.get(`${driverId(trip.driver)}|${trip.start.getTime()}`), `trip ${t}`);
  };

  await insertMany(
    tx,
    tripPositions,
    positions.map((p) => ({
      intermediateRouteId: tripId(p.trip),
      latitude: p.lat,
      longitude: p.lng,
      heading: p.heading,
      speed: p.speed,
      recordedAt: p.at,
    })),
  );

  return tripId;
}
