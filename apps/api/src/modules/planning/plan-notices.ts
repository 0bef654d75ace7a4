import type { UserNotice } from "../notifications/notification-service.js";

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

export const ROUTE_CHANGED_TITLE = "Tu ruta cambió";

type Rider = { employeeId: number; userId: number; name: string; lastname: string };

const samePlace = (a: RiderPlace, b: RiderPlace) =>
  a.routeId === b.routeId &&
  a.stopName === b.stopName &&
  a.plannedTime === b.plannedTime &&
  a.latitude === b.latitude &&
  a.longitude === b.longitude;

function messageOf(after: RiderPlace | undefined, before: RiderPlace | undefined, shiftName: string) {
  if (!after) return `Ya no tienes ruta en el turno ${shiftName}: saliste de ${before?.routeName ?? ""}`;
  if (after.stopName === null) return `Tu ruta cambió: ${after.routeName}`;
  return `Tu ruta cambió: ${after.routeName}, parada ${after.stopName} a las ${after.plannedTime}`;
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
