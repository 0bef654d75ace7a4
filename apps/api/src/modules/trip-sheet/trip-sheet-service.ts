import { TRIP_SHEET_MAX_TRACE_POINTS, type TripSheet } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { type CallerClock, DAY_MS } from "../../lib/caller-clock.js";
import { notFound } from "../../lib/http-error.js";
import { tripIncidents } from "../incident-report/trip-incidents-repository.js";
import { commentsOf } from "../intermediate-routes/trip-comment-repository.js";
import { simplifyTrace } from "../trips/simplify-trace.js";
import { TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { findTripTrace, rawTrace, type TripTrace } from "../trips/trip-trace-repository.js";
import { findSheetTrip, sheetServices } from "./trip-sheet-repository.js";

export type TripSheetService = ReturnType<typeof createTripSheetService>;

const MINUTE_MS = 60_000;

/**
 * A scheduled route's departure time (`HH:mm[:ss]`, the caller's wall clock) on the local day
 * (yesterday, today or tomorrow of the start) closest to the actual start.
 */
export function plannedDeparture(departureTime: string, startedAt: Date, clock: CallerClock): Date {
  const [hours = 0, minutes = 0, seconds = 0] = departureTime.split(":").map(Number);
  const startDay = clock.today(startedAt.getTime());
  const sinceMidnight = ((hours * 60 + minutes) * 60 + seconds) * 1000;
  const candidates = [-1, 0, 1].map((days) => clock.fromWallClock(startDay + days * DAY_MS + sinceMidnight));
  return candidates.reduce((best, candidate) =>
    Math.abs(candidate.getTime() - startedAt.getTime()) < Math.abs(best.getTime() - startedAt.getTime())
      ? candidate
      : best,
  );
}

/**
 * The trace the sheet shows: a finished trip's compact trace once compacted (its raw positions may
 * be gone after the retention, docs/decisions/0033), otherwise the raw positions simplified the
 * same way; both give the same points for the same positions.
 */
async function sheetTraceOf(db: Db, id: number): Promise<Omit<TripTrace, "km">> {
  const compact = await findTripTrace(db, id);
  if (compact) return compact;
  const raw = await rawTrace(db, id);
  return { pointCount: raw.length, points: simplifyTrace(raw, TRIP_SHEET_MAX_TRACE_POINTS) };
}

const wholeMinutes = (ms: number) => Math.round(ms / MINUTE_MS);

/** The evidence of one trip (issue 11): plan vs start, duration, km, trace, riders, cancellations. */
export function createTripSheetService(db: Db) {
  return {
    /** `supplierId`: a Supplier caller's supplier (another's trip answers 404), null for admins. */
    async sheet(id: number, clock: CallerClock, supplierId: number | null = null): Promise<TripSheet> {
      const trip = await findSheetTrip(db, id, supplierId);
      if (!trip) throw notFound(TRIP_NOT_FOUND);
      const [trace, services, tripComments, incidents] = await Promise.all([
        sheetTraceOf(db, id),
        sheetServices(db, id),
        commentsOf(db, id),
        tripIncidents(db, id),
      ]);
      const planned =
        trip.routeNotScheduledId !== null
          ? trip.scheduledAt
          : trip.departureTime
            ? plannedDeparture(trip.departureTime, trip.startedAt, clock)
            : null;
      const hasVehicle =
        trip.vehiclePlate !== null || trip.vehicleModel !== null || trip.vehicleCapacity !== null;
      return {
        id: trip.id,
        kind: trip.routeId !== null ? "scheduled" : "notScheduled",
        status: trip.status as TripSheet["status"],
        routeId: trip.routeId,
        routeNotScheduledId: trip.routeNotScheduledId,
        routeName: trip.routeName,
        supplierId: trip.supplierId,
        supplierName: trip.supplierName,
        driverId: trip.driverId,
        driverName: trip.driverName,
        driverLastname: trip.driverLastname,
        driverIdentityCard: trip.driverIdentityCard,
        vehicle: hasVehicle
          ? { plate: trip.vehiclePlate, model: trip.vehicleModel, capacity: trip.vehicleCapacity }
          : null,
        destinationName: trip.destinationName,
        destinationLatitude: trip.destinationLatitude,
        destinationLongitude: trip.destinationLongitude,
        plannedDate: planned?.toISOString() ?? null,
        startedDate: trip.startedAt.toISOString(),
        endedDate: trip.endedAt?.toISOString() ?? null,
        minutesLate: planned ? wholeMinutes(trip.startedAt.getTime() - planned.getTime()) : null,
        durationMinutes: trip.endedAt
          ? wholeMinutes(trip.endedAt.getTime() - trip.startedAt.getTime())
          : null,
        km: Math.round(trip.km * 100) / 100,
        cost: Number(trip.cost),
        cutId: trip.cutId,
        trace: trace.points,
        tracePositions: trace.pointCount,
        traceSimplified: trace.pointCount > TRIP_SHEET_MAX_TRACE_POINTS,
        riders: services
          .filter((service) => service.status === "Boarded")
          .map((service) => ({
            employeeId: service.employeeId,
            name: service.name,
            lastname: service.lastname,
            codeEmployee: service.codeEmployee,
            scannedDate: service.scannedAt?.toISOString() ?? null,
            method: (service.method as "qr" | "manual" | null) ?? null,
            reason: service.reason,
            latitude: service.latitude,
            longitude: service.longitude,
          })),
        cancellations: services
          .filter((service) => service.status === "Canceled")
          .map((service) => ({
            employeeId: service.employeeId,
            name: service.name,
            lastname: service.lastname,
            codeEmployee: service.codeEmployee,
            canceledDate: service.canceledAt?.toISOString() ?? null,
            comment: service.comment,
          })),
        comments: tripComments.map(({ createdAt, ...comment }) => ({
          ...comment,
          createdDate: createdAt.toISOString(),
        })),
        incidents,
      };
    },
  };
}
