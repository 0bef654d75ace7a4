import type { RiderTravelModel, RiderTripView, TripPosition } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";
import { stopsOfRoute } from "../route-stops/route-stops-repository.js";
import { busOf, riderStatusOf } from "./rider-trip-view-repository.js";
import type { findTrip } from "./trip-repository.js";
import { rosterOf } from "./trip-rider-repository.js";
import { toTripSummary } from "./trip-rows.js";

type TripRow = NonNullable<Awaited<ReturnType<typeof findTrip>>>;

/** A co-rider's door is not the caller's to know: the points go out rounded to about 100 m. */
const STOP_POINT_DECIMALS = 3;
const rounded = (degrees: number) => Number(degrees.toFixed(STOP_POINT_DECIMALS));

/**
 * The points of the route's stops before the rider's own, in visiting order, rounded (decision
 * 0067): «Mi bus» times the bus through those still ahead. Empty without a stop of the rider's.
 */
async function stopsBeforeMine(db: Db, routeId: number | null, employeeId: number) {
  if (routeId === null) return [];
  const stops = await stopsOfRoute(db, routeId);
  const mine = stops.findIndex((stop) => stop.employeeIds.includes(employeeId));
  return stops
    .slice(0, Math.max(0, mine))
    .map((stop) => ({ latitude: rounded(stop.latitude), longitude: rounded(stop.longitude) }));
}

/**
 * What a collaborator sees of a trip it rides (issue 21 finding 3): the bus, the driver, the route,
 * its own state and counts, and the travel model and the stops before its own that «Mi bus» times
 * the bus with; built field by field, and serialized by `riderTripViewSchema`.
 */
export async function riderTripView(
  db: Db,
  trip: TripRow,
  employeeId: number,
  positions: TripPosition[],
  travelModel: RiderTravelModel | null,
): Promise<RiderTripView> {
  const summary = toTripSummary(trip);
  const [bus, myStatus, roster, stopsBefore] = await Promise.all([
    busOf(db, trip.driverId),
    riderStatusOf(db, trip.id, employeeId),
    rosterOf(db, trip),
    stopsBeforeMine(db, summary.routeId, employeeId),
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
    stopsBefore,
  };
}
