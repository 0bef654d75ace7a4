import type { StartableRoute, TripRider, TripSummary } from "@treiber/contract";
import type { TripSummaryRow } from "./trip-repository.js";
import type { ServiceRow } from "./trip-rider-repository.js";

/** A nullable date as the API writes it. */
export const iso = (value: Date | null) => value?.toISOString() ?? null;

export const toTripSummary = (row: TripSummaryRow): TripSummary => ({
  id: row.id,
  routeId: row.routeId,
  routeNotScheduledId: row.routeNotScheduledId,
  routeName: row.routeName,
  driverId: row.driverId,
  driverName: row.driverName,
  driverLastname: row.driverLastname,
  supplierId: row.supplierId,
  supplierName: row.supplierName,
  status: row.status as TripSummary["status"],
  startedDate: row.startedAt.toISOString(),
  endedDate: iso(row.endedAt),
  cost: Number(row.cost),
  lastLatitude: row.lastLatitude,
  lastLongitude: row.lastLongitude,
  lastPositionDate: iso(row.lastPositionAt),
  amountCollaborators: row.amountCollaborators,
  amountCanceled: row.amountCanceled,
});

export const toRider = (row: ServiceRow): TripRider => ({
  employeeId: row.employeeId,
  name: row.name,
  lastname: row.lastname,
  codeEmployee: row.codeEmployee,
  department: row.department,
  jobTitle: row.jobTitle,
  status: row.status as TripRider["status"],
  scannedDate: iso(row.scannedAt),
  canceledDate: iso(row.canceledAt),
  comment: row.comment,
  boardingMethod: row.boardingMethod as TripRider["boardingMethod"],
  boardingReason: row.boardingReason,
});

type RouteRow = {
  name: string;
  description: string | null;
  destinationName: string | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
};
const routeFields = (row: RouteRow) => ({
  name: row.name,
  description: row.description,
  destinationName: row.destinationName,
  destinationLatitude: row.destinationLatitude,
  destinationLongitude: row.destinationLongitude,
});

/** A scheduled route a driver may run (`HH:mm` departure). */
export const toScheduledStartable = (
  row: RouteRow & { routeId: number; departureTime: string | null },
): StartableRoute => ({
  routeId: row.routeId,
  routeNotScheduledId: null,
  ...routeFields(row),
  departureTime: row.departureTime?.slice(0, 5) ?? null,
  scheduledDate: null,
});

/** A not-scheduled (one-off) route a driver may run, at its date and time. */
export const toNotScheduledStartable = (
  row: RouteRow & { routeNotScheduledId: number; scheduledAt: Date },
): StartableRoute => ({
  routeId: null,
  routeNotScheduledId: row.routeNotScheduledId,
  ...routeFields(row),
  departureTime: null,
  scheduledDate: row.scheduledAt.toISOString(),
});
