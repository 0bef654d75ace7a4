import {
  ALREADY_SCANNED_MESSAGE,
  type CancelServiceComment,
  type CancelServiceRequest,
  type CollaboratorTrip,
  type ManualBoardingRequest,
  type MessageResponse,
  NO_TRIP_IN_PROGRESS_MESSAGE,
  NOT_ASSIGNED_MESSAGE,
  type ScanRequest,
  type ScanResponse,
  TRIP_FINISHED_MESSAGE,
  type TripRider,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { deviceTime } from "../../lib/device-time.js";
import { conflict, forbidden, notFound } from "../../lib/http-error.js";
import type { DomainEventPublisher } from "../../realtime/domain-events.js";
import { type BookingClock, bookingClock } from "../bookings/booking-clock.js";
import { holdsSeat, tripSeatCheck } from "../bookings/seat-holder.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import { dayPlanRoutesOf } from "../day-plans/day-version.js";
import { employeeExists } from "../employees/employee-repository.js";
import type { Notifier } from "../notifications/notification-service.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";
import { storeRiderNotification } from "../trips/rider-notification.js";
import { assertCanSeeTrip, driverOf, employeeOf, TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { findTrip, inProgressTripIdOf, lockTrip } from "../trips/trip-repository.js";
import { isOnRoster, servicesOf, type TripRoute } from "../trips/trip-rider-repository.js";
import { toRider } from "../trips/trip-rows.js";
import { enqueueWebhookEvent } from "../webhooks/webhook-events.js";
import { dayRosterOf } from "./day-roster.js";
import {
  type BoardingEvidence,
  findEmployeeByQr,
  findRider,
  findService,
  inProgressTripsOfEmployee,
  insertCancellation,
  upsertBoarding,
} from "./transport-services-repository.js";

export const QR_NOT_FOUND = "Código QR no válido";
export const EMPLOYEE_INACTIVE = "El colaborador está inactivo";
export const NOT_THE_CURRENT_TRIP = "La ruta indicada no es su ruta en curso";
export const ALREADY_CANCELED = "Ya canceló su servicio en esta ruta";
export const CANNOT_CANCEL_BOARDED = "Ya abordó esta ruta; no puede cancelar el servicio";
export const NO_CANCELLATION = "El colaborador no canceló su servicio en esta ruta";
export const NOT_ON_TRIP = "El colaborador no está en la lista de esta ruta";
export const EMPLOYEE_NOT_FOUND = "Colaborador no encontrado";

type Rider = NonNullable<Awaited<ReturnType<typeof findRider>>>;
type BoardingInput = {
  intermediateRouteId?: number;
  scannedAt?: string;
  latitude?: number;
  longitude?: number;
  actionId?: string;
};

export type TransportServicesService = ReturnType<typeof createTransportServicesService>;

export function createTransportServicesService(
  db: Db,
  notifier: Notifier,
  events?: DomainEventPublisher,
  clock: BookingClock = bookingClock(),
) {
  /**
   * On the trip's roster, holding a CONFIRMED seat on its route that day (decision 0064), or seated
   * on it by the plan of the day (issue 36).
   */
  const isExpected = async (tx: Tx, trip: TripRoute & { startedAt: Date | null }, employeeId: number) =>
    (await isOnRoster(tx, trip, employeeId)) ||
    (await holdsSeat(tx, clock, trip, employeeId, dayPlanRoutesOf));

  const seats = tripSeatCheck(clock, dayPlanRoutesOf);

  async function visibleTrip(user: AuthUser, id: number) {
    const trip = await findTrip(db, id);
    if (!trip) throw notFound(TRIP_NOT_FOUND);
    await assertCanSeeTrip(db, user, trip, seats);
    return trip;
  }

  /** Boards a rider on the driver's trip in progress, once per action id (see `applyOnce`). */
  async function board(
    user: AuthUser,
    driverId: number,
    employee: Rider,
    body: BoardingInput,
    method: BoardingEvidence["method"],
    reason: string | null,
    rosterOnly: boolean,
  ) {
    const key = actionKey(user, method === "qr" ? "scan" : "manual-boarding", body);
    const result = await applyOnce(db, key, 201, async (tx: Tx): Promise<ScanResponse> => {
      const tripId = await inProgressTripIdOf(tx, driverId);
      if (tripId === undefined) throw conflict(NO_TRIP_IN_PROGRESS_MESSAGE);
      if (body.intermediateRouteId !== undefined && body.intermediateRouteId !== tripId) {
        throw conflict(NOT_THE_CURRENT_TRIP);
      }
      // Holds the trip in progress while boarding (End waits, and sees the boarding).
      const trip = await lockTrip(tx, tripId, "share");
      if (trip?.status !== "InProgress") throw conflict(NO_TRIP_IN_PROGRESS_MESSAGE);
      if (rosterOnly && !(await isExpected(tx, trip, employee.id))) throw forbidden(NOT_ON_TRIP);
      const at = deviceTime(body.scannedAt, { field: "scannedAt", notBefore: trip.startedAt });
      const row = await upsertBoarding(tx, tripId, employee.id, {
        at,
        method,
        reason,
        latitude: body.latitude ?? null,
        longitude: body.longitude ?? null,
      });
      if (!row?.scannedAt) throw conflict(ALREADY_SCANNED_MESSAGE);
      // Webhooks' boarding.created commits with the boarding (decision 0085).
      await enqueueWebhookEvent(tx, "boarding.created", {
        id: row.id,
        intermediateRouteId: tripId,
        employeeId: employee.id,
        codeEmployee: employee.codeEmployee,
        boardedAt: row.scannedAt.toISOString(),
        method,
      });
      return {
        message: "Servicio registrado",
        id: row.id,
        intermediateRouteId: tripId,
        employeeId: employee.id,
        name: employee.name,
        lastname: employee.lastname,
        codeEmployee: employee.codeEmployee,
        scannedDate: row.scannedAt.toISOString(),
        boardingMethod: method,
        image: profileImageUrl(employee.userId, employee.imageEtag),
      };
    });
    // The control room counts the boarding (OVER_CAPACITY, the stop's pending riders).
    if (!result.replayed) {
      const { intermediateRouteId, employeeId, scannedDate } = result.body;
      await events?.publish({
        kind: "rider-boarded",
        intermediateRouteId,
        employeeId,
        boardedAt: scannedDate,
      });
    }
    return result;
  }

  return {
    /**
     * The driver scans a collaborator's QR code on its trip in progress: one boarding, ever. With
     * `expectedOnly` (the field app) a collaborator not on the trip's roster is refused.
     */
    async scan(user: AuthUser, body: ScanRequest) {
      const driver = await driverOf(db, user);
      const employee = await findEmployeeByQr(db, body.codeQr);
      if (!employee) throw notFound(QR_NOT_FOUND);
      if (employee.status !== "active") throw conflict(EMPLOYEE_INACTIVE);
      return board(user, driver.id, employee, body, "qr", null, body.expectedOnly === true);
    },

    /** The driver boards a rider of its trip without the QR, with a reason (stored as manual). */
    async manualBoarding(user: AuthUser, body: ManualBoardingRequest) {
      const driver = await driverOf(db, user);
      const employee = await findRider(db, body.employeeId);
      if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
      if (employee.status !== "active") throw conflict(EMPLOYEE_INACTIVE);
      return board(user, driver.id, employee, body, "manual", body.reason, true);
    },

    /**
     * Collaborators expected on the trip (its route's, or its riders; under a plan of the day, the
     * day's) plus anyone who boarded.
     */
    async listEmployee(user: AuthUser, intermediateRouteId: number): Promise<TripRider[]> {
      const trip = await visibleTrip(user, intermediateRouteId);
      const [roster, services] = await Promise.all([dayRosterOf(db, clock, trip), servicesOf(db, trip.id)]);
      const recorded = new Map(services.map((row) => [row.employeeId, toRider(row)]));
      const pending = roster
        .filter((row) => !recorded.has(row.employeeId))
        .map(
          (row): TripRider => ({
            ...row,
            status: "Pending",
            scannedDate: null,
            canceledDate: null,
            comment: null,
          }),
        );
      return [...recorded.values(), ...pending];
    },

    /** What happened on the trip: who boarded and who cancelled (with the comment). */
    async finishedListEmployee(user: AuthUser, intermediateRouteId: number): Promise<TripRider[]> {
      const trip = await visibleTrip(user, intermediateRouteId);
      return (await servicesOf(db, trip.id)).map(toRider);
    },

    async cancellationComment(
      intermediateRouteId: number,
      employeeId: number,
    ): Promise<CancelServiceComment> {
      if (!(await findTrip(db, intermediateRouteId))) throw notFound(TRIP_NOT_FOUND);
      if (!(await employeeExists(db, employeeId))) throw notFound("Colaborador no encontrado");
      const service = await findService(db, intermediateRouteId, employeeId);
      if (service?.status !== "Canceled" || !service.canceledAt) throw notFound(NO_CANCELLATION);
      return {
        intermediateRouteId,
        employeeId,
        name: service.name,
        lastname: service.lastname,
        comment: service.comment ?? "",
        canceledDate: service.canceledAt.toISOString(),
      };
    },

    /** A collaborator cancels its service on a trip in progress; every admin is notified (CANCELED). */
    async cancel(user: AuthUser, body: CancelServiceRequest) {
      const employee = await employeeOf(db, user);
      let notification: Awaited<ReturnType<typeof storeRiderNotification>> | undefined;
      const result = await applyOnce(
        db,
        actionKey(user, "cancel", body),
        201,
        async (tx): Promise<MessageResponse> => {
          const trip = await lockTrip(tx, body.intermediateRouteId, "share");
          if (!trip) throw notFound(TRIP_NOT_FOUND);
          if (trip.status !== "InProgress") throw conflict(TRIP_FINISHED_MESSAGE);
          if (!(await isExpected(tx, trip, employee.id))) throw forbidden(NOT_ASSIGNED_MESSAGE);
          const row = await insertCancellation(tx, {
            intermediateRouteId: trip.id,
            employeeId: employee.id,
            comment: body.comment,
          });
          if (!row) {
            const existing = await findService(tx, trip.id, employee.id);
            throw conflict(existing?.status === "Boarded" ? CANNOT_CANCEL_BOARDED : ALREADY_CANCELED);
          }
          notification = await storeRiderNotification(
            tx,
            notifier,
            "CANCELED",
            trip.id,
            employee,
            body.comment,
            user.id,
          );
          return { message: "Servicio cancelado" };
        },
      );
      if (notification) await notifier.push(notification);
      if (!result.replayed) {
        await events?.publish({
          kind: "service-canceled",
          intermediateRouteId: body.intermediateRouteId,
          employeeId: employee.id,
          canceledAt: new Date().toISOString(),
        });
      }
      return result;
    },

    /** Trips in progress on the signed-in collaborator's routes, with its own state on each. */
    async collaboratorTrips(user: AuthUser) {
      const employee = await employeeOf(db, user);
      const rows = await inProgressTripsOfEmployee(db, employee.id);
      return {
        response: rows.map(
          (row): CollaboratorTrip => ({
            intermediateRouteId: row.id,
            routeName: row.routeName,
            driverName: row.driverName,
            driverLastname: row.driverLastname,
            startedDate: row.startedAt.toISOString(),
            lastLatitude: row.lastLatitude,
            lastLongitude: row.lastLongitude,
            status: (row.serviceStatus ?? "Pending") as CollaboratorTrip["status"],
          }),
        ),
      };
    },
  };
}
