import {
  DRIVER_NOTICE_TITLES,
  driverNotice,
  type NoticeStop,
  sameStops,
} from "../notifications/driver-notices.js";
import type { UserNotice } from "../notifications/notification-service.js";

/** A route of the plan's shift and workplace as its drivers see it, before or after the apply. */
export type DriverRouteState = {
  routeId: number;
  name: string;
  driverIds: readonly number[];
  /** In position order, with their planned times. */
  stops: readonly NoticeStop[];
};

/** A driver with an active user: who is told. */
export type DriverUser = { driverId: number; userId: number; name: string; lastname: string };

/**
 * One notice per driver and route the apply touched (issue 33, decision 0067): a route they did not
 * drive before («Te asignaron la ruta …»), their route with other stops, times or name («Tu ruta …
 * cambió: …»), a route they no longer drive, retired or given to another («Ya no manejas la ruta
 * …»). An unchanged route tells nothing; a driver without an active user is not told. Pure.
 */
export function driverChangeNotices(
  before: readonly DriverRouteState[],
  after: readonly DriverRouteState[],
  users: ReadonlyMap<number, DriverUser>,
  shiftName: string,
): UserNotice[] {
  const notices: UserNotice[] = [];
  const tell = (driverId: number, title: string, message: string, routeName: string) => {
    const user = users.get(driverId);
    if (!user) return;
    notices.push({
      userId: user.userId,
      title,
      message,
      facts: {
        driverName: user.name,
        driverLastname: user.lastname,
        employeeName: "",
        employeeLastname: "",
        comment: "",
        routeName,
      },
    });
  };
  for (const route of after) {
    const was = before.find((old) => old.routeId === route.routeId);
    for (const driverId of route.driverIds) {
      if (!was?.driverIds.includes(driverId)) {
        tell(
          driverId,
          DRIVER_NOTICE_TITLES.assigned,
          driverNotice.assigned(route.name, route.stops),
          route.name,
        );
      } else if (was.name !== route.name || !sameStops(was.stops, route.stops)) {
        tell(driverId, DRIVER_NOTICE_TITLES.changed, driverNotice.changed(was, route), route.name);
      }
    }
  }
  for (const route of before) {
    const now = after.find((kept) => kept.routeId === route.routeId);
    for (const driverId of route.driverIds) {
      if (now?.driverIds.includes(driverId)) continue;
      tell(driverId, DRIVER_NOTICE_TITLES.removed, driverNotice.removed(route.name, shiftName), route.name);
    }
  }
  return notices;
}
