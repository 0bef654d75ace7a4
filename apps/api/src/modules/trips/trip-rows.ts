import type { TripRider, TripSummary } from "@treiber/contract";
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
