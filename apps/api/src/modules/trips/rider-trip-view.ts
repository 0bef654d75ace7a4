import type { RiderTravelModel, RiderTripView, TripPosition } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";
import { busOf, riderStatusOf } from "./rider-trip-view-repository.js";
import type { findTrip } from "./trip-repository.js";
import { rosterOf } from "./trip-rider-repository.js";
import { toTripSummary } from "./trip-rows.js";

type TripRow = NonNullable<Awaited<ReturnType<typeof findTrip>>>;

/**
 * What a collaborator sees of a trip it rides (issue 21 finding 3): the bus, the driver, the route,
 * its own state and counts, and the travel model «Mi bus» times the bus with; built field by field,
 * and serialized by `riderTripViewSchema`.
 */
export async function riderTripView(
  db: Db,
  trip: TripRow,
  employeeId: number,
  positions: TripPosition[],
  travelModel: RiderTravelModel | null,
): Promise<RiderTripView> {
  const summary = toTripSummary(trip);
  const [bus, myStatus, roster] = await Promise.all([
    busOf(db, trip.driverId),
    riderStatusOf(db, trip.id, employeeId),
    rosterOf(db, trip),
  ]);
  return {
    view: "rider",
    id: summary.id,
    routeId: summary.routeId,
    routeNotScheduledId: summary.routeNotScheduledId,
    routeName: summary.routeName,
    status: summary.status,
    startedDate: summary.startedDate,
    endedDate: summary.endedDate,
    driverId: summary.driverId,
    driverName: summary.driverName,
    driverLastname: summary.driverLastname,
    driverImage: bus ? profileImageUrl(bus.userId, bus.imageEtag) : null,
    vehiclePlate: bus?.vehiclePlate ?? null,
    vehicleModel: bus?.vehicleModel ?? null,
    destinationName: trip.destinationName,
    destinationLatitude: trip.destinationLatitude,
    destinationLongitude: trip.destinationLongitude,
    lastLatitude: summary.lastLatitude,
    lastLongitude: summary.lastLongitude,
    lastPositionDate: summary.lastPositionDate,
    positions,
    myStatus,
    amountExpected: roster.length,
    amountCollaborators: summary.amountCollaborators,
    amountCanceled: summary.amountCanceled,
    travelModel,
  };
}
