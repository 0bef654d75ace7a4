import type { RiderStatus, RiderTripView, TripPosition } from "@treiber/contract";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { drivers, profileImages, transportServices } from "../../db/schema.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";
import type { findTrip } from "./trip-repository.js";
import { rosterOf } from "./trip-rider-repository.js";
import { toTripSummary } from "./trip-rows.js";

type TripRow = NonNullable<Awaited<ReturnType<typeof findTrip>>>;

/** The trip's bus: its driver's user (for the photo), vehicle and photo version. */
async function busOf(db: Db, driverId: number) {
  const [row] = await db
    .select({
      userId: drivers.userId,
      vehiclePlate: drivers.vehiclePlate,
      vehicleModel: drivers.vehicleModel,
      imageEtag: profileImages.etag,
    })
    .from(drivers)
    .leftJoin(profileImages, eq(profileImages.userId, drivers.userId))
    .where(eq(drivers.id, driverId))
    .limit(1);
  return row;
}

async function statusOf(db: Db, tripId: number, employeeId: number): Promise<RiderStatus> {
  const [row] = await db
    .select({ status: transportServices.status })
    .from(transportServices)
    .where(
      and(eq(transportServices.intermediateRouteId, tripId), eq(transportServices.employeeId, employeeId)),
    )
    .limit(1);
  return (row?.status as RiderStatus | undefined) ?? "Pending";
}

/**
 * What a collaborator sees of a trip it rides (issue 21 finding 3): the bus, the driver, the route,
 * its own state and counts; built field by field, and serialized by `riderTripViewSchema`.
 */
export async function riderTripView(
  db: Db,
  trip: TripRow,
  employeeId: number,
  positions: TripPosition[],
): Promise<RiderTripView> {
  const summary = toTripSummary(trip);
  const [bus, myStatus, roster] = await Promise.all([
    busOf(db, trip.driverId),
    statusOf(db, trip.id, employeeId),
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
  };
}
