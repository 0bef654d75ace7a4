import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { forbidden, notFound } from "../../lib/http-error.js";
import { findDriverOfUser } from "../drivers/driver-repository.js";
import { findEmployeeOfUser } from "../employees/employee-repository.js";
import { findSupplierIdOfUser } from "../supplier-portal/supplier-user-repository.js";
import { findTripRoute } from "./trip-repository.js";
import { hasService, isOnRoster, type TripRoute } from "./trip-rider-repository.js";

export const TRIP_NOT_FOUND = "Ruta intermedia no encontrada";
export const NOT_A_DRIVER = "El usuario no es un chofer";
export const NOT_AN_EMPLOYEE = "El usuario no es un colaborador";
export const NOT_YOUR_TRIP = "No tiene permiso para ver esta ruta";

/** A trip as the seat check reads it: its route and when it started (its service date). */
export type SeatTrip = TripRoute & { startedAt: Date | null };
/**
 * Whether a collaborator off the trip's roster booked a seat on it that day (issue 35: a seat on
 * another route, kept or cancelled). Bookings answers it (bound in routes.ts: bookings depends on
 * trips, never the other way).
 */
export type TripSeatCheck = (db: Db, trip: SeatTrip, employeeId: number) => Promise<boolean>;

/** The driver record of a signed-in Driver (403 for a user without one). */
export async function driverOf(db: Db | Tx, user: AuthUser) {
  const driver = await findDriverOfUser(db, user.id);
  if (!driver) throw forbidden(NOT_A_DRIVER);
  return driver;
}

/** The employee record of a signed-in collaborator (403 for a user without one). */
export async function employeeOf(db: Db | Tx, user: AuthUser) {
  const employee = await findEmployeeOfUser(db, user.id);
  if (!employee) throw forbidden(NOT_AN_EMPLOYEE);
  return employee;
}

/** A collaborator rides the trip: on its route's roster, boarded or cancelled on it, or a seat booked. */
async function ridesTrip(db: Db, trip: { id: number } & SeatTrip, employeeId: number, seats: TripSeatCheck) {
  if (await isOnRoster(db, trip, employeeId)) return true;
  if (await hasService(db, trip.id, employeeId)) return true;
  return seats(db, trip, employeeId);
}

/**
 * Admins see every trip; a driver only its own; a supplier's user only its supplier's (404 for
 * another's, so it learns nothing of it; decision 0077); a collaborator only a trip it rides (on
 * its route's roster, boarded or cancelled on it, or with a seat booked on it that day).
 */
export async function assertCanSeeTrip(
  db: Db,
  user: AuthUser,
  trip: { id: number; driverId: number; supplierId?: number } & SeatTrip,
  seats: TripSeatCheck,
) {
  if (user.role === "Driver") {
    const driver = await driverOf(db, user);
    if (driver.id !== trip.driverId) throw forbidden(NOT_YOUR_TRIP);
    return;
  }
  if (user.role === "Supplier") {
    const supplierId = await findSupplierIdOfUser(db, user.id);
    if (supplierId === undefined || trip.supplierId !== supplierId) throw notFound(TRIP_NOT_FOUND);
    return;
  }
  if (user.role !== "Collaborator") return;
  const employee = await employeeOf(db, user);
  if (!(await ridesTrip(db, trip, employee.id, seats))) throw forbidden(NOT_YOUR_TRIP);
}

/**
 * Who may follow a trip live (the hub's trip groups): admins, its driver, and collaborators
 * boarded (or canceled) on it or expected on it (assigned to its route, a not-scheduled rider, or
 * with a seat booked on it that day).
 */
export async function canFollowTrip(
  db: Db,
  user: AuthUser,
  tripId: number,
  seats: TripSeatCheck,
): Promise<"allowed" | "not-found" | "forbidden"> {
  const trip = await findTripRoute(db, tripId);
  if (!trip) return "not-found";
  if (user.role === "Admin" || user.role === "SuperAdmin") return "allowed";
  // A supplier's user reads its trips after the fact (trip sheet), it does not follow them live.
  if (user.role === "Supplier") return "forbidden";
  if (user.role === "Driver") {
    const driver = await findDriverOfUser(db, user.id);
    return driver?.id === trip.driverId ? "allowed" : "forbidden";
  }
  const employee = await findEmployeeOfUser(db, user.id);
  if (!employee) return "forbidden";
  return (await ridesTrip(db, { id: tripId, ...trip }, employee.id, seats)) ? "allowed" : "forbidden";
}
