import type { RiderTravelModel, SharedTrip, TripSheetPoint } from "@treiber/contract";
import { type GeoPoint, greatCircleMeters } from "@treiber/contract/geo";
import { AT_STOP_METERS, arrivalViaStops } from "@treiber/contract/travel-model";
import type { Db } from "../../db/client.js";
import { stopsOfRoute } from "../route-stops/route-stops-repository.js";
import { positionsOf } from "../trip-positions/trip-positions-repository.js";
import { simplifyTrace } from "../trips/simplify-trace.js";
import type { ShareRow } from "./trip-share-repository.js";

/** The line the page draws: the bus's own trail so far, at most this many points. */
const PATH_POINTS = 300;
/** A stop counts as passed once the trail came this close (as «Mi bus» counts it). */
const PASSED_STOP_METERS = AT_STOP_METERS + 50;

type Stop = { name: string; latitude: number; longitude: number };

/**
 * The sharer's own stop and the stops before it, in visiting order (scheduled routes only). The
 * others' points only time the bus: they never leave the server.
 */
async function stopsToRider(db: Db, routeId: number | null, employeeId: number) {
  if (routeId === null) return { mine: null, before: [] as Stop[] };
  const stops = await stopsOfRoute(db, routeId);
  const index = stops.findIndex((stop) => stop.employeeIds.includes(employeeId));
  if (index < 0) return { mine: null, before: [] as Stop[] };
  const pick = (stop: Stop): Stop => ({
    name: stop.name,
    latitude: stop.latitude,
    longitude: stop.longitude,
  });
  return { mine: pick(stops[index] as Stop), before: stops.slice(0, index).map(pick) };
}

const passed = (trail: readonly GeoPoint[], stop: GeoPoint) =>
  trail.some((point) => greatCircleMeters(point, stop) <= PASSED_STOP_METERS);

/**
 * Minutes until the bus reaches the sharer's stop, through the stops still ahead of it, with the
 * travel model «Mi bus» uses (`arrivalViaStops`, decision 0067); null without a position, once the
 * trip ended or the bus passed the stop.
 */
function etaMinutes(
  trail: readonly GeoPoint[],
  bus: GeoPoint | null,
  stops: { mine: Stop | null; before: Stop[] },
  model: RiderTravelModel,
): number | null {
  if (!bus || !stops.mine || passed(trail, stops.mine)) return null;
  let lastPassed = -1;
  stops.before.forEach((stop, i) => {
    if (passed(trail, stop)) lastPassed = i;
  });
  const ahead = [...stops.before.slice(lastPassed + 1), stops.mine];
  const { minutes } = arrivalViaStops(bus, ahead, model);
  return Math.max(1, Math.round(minutes));
}

/** The driver's first name only. */
const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

/**
 * What the public page shows of a shared trip: the route's name, the bus (plate, the driver's first
 * name, its last position and trail), the sharer's stop and the ETA to it. Nothing about the other
 * riders: no names, no counts, no stops but the sharer's.
 */
export async function sharedTripView(
  db: Db,
  share: ShareRow,
  expiresAt: Date,
  model: () => Promise<RiderTravelModel>,
): Promise<SharedTrip> {
  const running = share.status === "InProgress";
  const [positions, stops] = await Promise.all([
    positionsOf(db, share.intermediateRouteId),
    stopsToRider(db, share.routeId, share.employeeId),
  ]);
  const trail: TripSheetPoint[] = positions.map((p) => [p.latitude, p.longitude]);
  const points = positions.map((p) => ({ latitude: p.latitude, longitude: p.longitude }));
  const position =
    share.lastLatitude !== null && share.lastLongitude !== null
      ? {
          latitude: share.lastLatitude,
          longitude: share.lastLongitude,
          at: (share.lastPositionAt ?? share.startedAt ?? new Date()).toISOString(),
        }
      : null;
  const eta = running ? etaMinutes(points, position, stops, await model()) : null;
  return {
    routeName: share.routeName,
    status: share.status,
    plate: share.vehiclePlate ?? null,
    driverFirstName: firstName(share.driverName),
    position,
    path: simplifyTrace(trail, PATH_POINTS),
    riderStop: stops.mine,
    etaMinutes: eta,
    startedAt: share.startedAt?.toISOString() ?? null,
    finishedAt: share.endedAt?.toISOString() ?? null,
    expiresAt: expiresAt.toISOString(),
  };
}
