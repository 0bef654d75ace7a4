import type { UserNotice } from "../notifications/notification-service.js";
import { ROUTE_CHANGED_TITLE, riderNotice } from "../notifications/rider-notices.js";

/** Where a rider rides on the shift: the route, their stop and its planned time (null: no stop). */
export type RiderPlace = {
  routeId: number;
  routeName: string;
  stopName: string | null;
  plannedTime: string | null;
  latitude: number | null;
  longitude: number | null;
  driver: { name: string; lastname: string } | null;
};

type Rider = { employeeId: number; userId: number; name: string; lastname: string };

const samePlace = (a: RiderPlace, b: RiderPlace) =>
  a.routeId === b.routeId &&
  a.stopName === b.stopName &&
  a.plannedTime === b.plannedTime &&
  a.latitude === b.latitude &&
  a.longitude === b.longitude;

/** «Tu ruta cambió: nueva parada «Parque» a las 5:42 a. m. (ruta …)», or that they have none now. */
function messageOf(after: RiderPlace | undefined, before: RiderPlace | undefined, shiftName: string) {
  if (!after) return riderNotice.leftShift(shiftName, before?.routeName ?? null);
  if (after.stopName === null) return riderNotice.assigned(after.routeName, null);
  const sameStop =
    before !== undefined &&
    before.routeId === after.routeId &&
    before.stopName === after.stopName &&
    before.latitude === after.latitude &&
    before.longitude === after.longitude;
  return sameStop
    ? riderNotice.stopTime(after.stopName, after.plannedTime, after.routeName)
    : riderNotice.newStop(after.stopName, after.plannedTime, after.routeName);
}

/**
 * One notice per rider whose route, stop or planned time changed (or who lost their route on the
 * shift), addressed to their user, in Spanish.
 */
export function changeNotices(
  riders: readonly Rider[],
  before: ReadonlyMap<number, RiderPlace>,
  after: ReadonlyMap<number, RiderPlace>,
  shiftName: string,
): UserNotice[] {
  return riders.flatMap((rider) => {
    const was = before.get(rider.employeeId);
    const now = after.get(rider.employeeId);
    if (!was && !now) return [];
    if (was && now && samePlace(was, now)) return [];
    const place = now ?? was;
    return [
      {
        userId: rider.userId,
        title: ROUTE_CHANGED_TITLE,
        message: messageOf(now, was, shiftName),
        facts: {
          driverName: place?.driver?.name ?? "",
          driverLastname: place?.driver?.lastname ?? "",
          employeeName: rider.name,
          employeeLastname: rider.lastname,
          comment: "",
          routeName: place?.routeName ?? "",
        },
      },
    ];
  });
}
