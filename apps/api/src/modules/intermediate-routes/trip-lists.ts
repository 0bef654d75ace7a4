import type { ActiveTrip, RouteHistoryQuery, StartableRoute } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { type CallerClock, DAY_MS } from "../../lib/caller-clock.js";
import { supplierScopeOf } from "../supplier-portal/supplier-scope.js";
import { driverOf } from "../trips/trip-access.js";
import { iso, toNotScheduledStartable, toScheduledStartable, toTripSummary } from "../trips/trip-rows.js";
import { openIncidentsByTrip } from "./active-trip-incidents.js";
import { startableRoutesOf } from "./trip-lifecycle-repository.js";
import { listActiveTrips, listCurrentTrips, listTripHistory } from "./trip-list-repository.js";

type ActiveTripRow = Awaited<ReturnType<typeof listActiveTrips>>[number];
type OpenIncidents = Awaited<ReturnType<typeof openIncidentsByTrip>>;

function toActiveTrip(row: ActiveTripRow, incidents: OpenIncidents | null): ActiveTrip {
  return {
    id: row.id,
    routeName: row.routeName,
    driverId: row.driverId,
    driverName: row.driverName,
    driverLastname: row.driverLastname,
    supplierName: row.supplierName,
    startedDate: row.startedAt.toISOString(),
    lastLatitude: row.lastLatitude,
    lastLongitude: row.lastLongitude,
    lastPositionDate: iso(row.lastPositionAt),
    ...(incidents && { openIncidents: incidents.get(row.id) ?? [] }),
  };
}

/** The trip lists: in progress, on the map, the history, and what a driver can start. */
export function createTripLists(db: Db) {
  return {
    /** Trips in progress: a driver's own, a supplier's user's supplier's, every one for admins. */
    async listCurrent(user: AuthUser, query: { amount: number; skip: number; criterion?: string }) {
      const driverId = user.role === "Driver" ? (await driverOf(db, user)).id : undefined;
      const supplierId = user.role === "Driver" ? null : await supplierScopeOf(db, user);
      const { amount, rows } = await listCurrentTrips(db, { ...query, driverId, supplierId });
      return { amount, list: rows.map(toTripSummary) };
    },

    async listActive(user: AuthUser) {
      const driverId = user.role === "Driver" ? (await driverOf(db, user)).id : undefined;
      const rows = await listActiveTrips(db, driverId);
      // The control room marks buses with incidents (issue 33); a driver's own view goes without.
      const incidents =
        user.role === "Admin" || user.role === "SuperAdmin"
          ? await openIncidentsByTrip(
              db,
              rows.map((row) => row.id),
            )
          : null;
      return { response: rows.map((row) => toActiveTrip(row, incidents)) };
    },

    /** Finished trips: every supplier's for admins, only its own for a supplier's user. */
    async history(user: AuthUser, query: RouteHistoryQuery, clock: CallerClock) {
      const range = clock.optionalDayRange(query);
      const supplierId = await supplierScopeOf(db, user);
      const { amount, rows } = await listTripHistory(db, { ...query, range, supplierId });
      return { amount, data: rows.map(toTripSummary) };
    },

    async startableRoutes(user: AuthUser) {
      const driver = await driverOf(db, user);
      const { scheduled, notScheduled } = await startableRoutesOf(
        db,
        driver.id,
        new Date(Date.now() - DAY_MS),
      );
      const response: StartableRoute[] = [
        ...scheduled.map(toScheduledStartable),
        ...notScheduled.map(toNotScheduledStartable),
      ];
      return { response };
    },
  };
}
