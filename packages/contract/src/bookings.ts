import { z } from "zod";
import {
  bodyIdSchema,
  idSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  requiredText,
} from "./common.js";
import { actionIdShape, deviceTimeSchema } from "./field-actions.js";

/**
 * Bookings (issue 35, decision 0064): whether a rider rides a route on a service date. Dates are
 * `YYYY-MM-DD`, local to the branch office. A rider assigned to a route is CONFIRMED on its service
 * days unless they cancel (opt-out); a shift with `confirmationRequired` wants a «Sí viajaré» each
 * day (opt-in), and a day without it reads CANCELLED with the reason UNCONFIRMED_REASON.
 */

export const BOOKING_STATUSES = ["CONFIRMED", "CANCELLED", "WAITLISTED", "NO_SHOW", "RIDDEN"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
export const bookingStatusSchema = z.enum(BOOKING_STATUSES, { message: "Estado de reserva inválido" });

/** How the apps show each status. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  CONFIRMED: "Confirmado",
  CANCELLED: "Cancelado",
  WAITLISTED: "En espera",
  NO_SHOW: "Ausente",
  RIDDEN: "Viajó",
};
/** A cancelled rider in the driver's list (folded). */
export const NOT_RIDING_LABEL = "No viaja";
/** Treiber App's buttons and screen («Mis viajes» lives in messages.ts: its tab bar loads before sign-in). */
export { MY_TRIPS_TITLE } from "./messages.js";
export const WONT_RIDE_LABEL = "No viajaré";
export const WILL_RIDE_LABEL = "Sí viajaré";
export const REQUEST_SEAT_LABEL = "Pedir asiento";
export const NO_SHOW_LABEL = "Ausente";

/** What an admin may set (RIDDEN only comes from a boarding). */
export const BOOKING_ADMIN_STATUSES = ["CONFIRMED", "CANCELLED", "WAITLISTED", "NO_SHOW"] as const;
export type BookingAdminStatus = (typeof BOOKING_ADMIN_STATUSES)[number];

/** Cut-off of a shift: minutes before the route's first planned stop, unless «el día anterior a las HH:mm». */
export const DEFAULT_CUTOFF_MINUTES = 120;
export const CUTOFF_MINUTES_MAX = 2880;
export const CUTOFF_MINUTES_MESSAGE = `El plazo debe ser un número entero de minutos entre 0 y ${CUTOFF_MINUTES_MAX}`;
/** «Mis viajes» shows the next 14 days; a query covers at most 31. */
export const MY_BOOKINGS_DAYS = 14;
export const BOOKING_RANGE_MAX_DAYS = 31;
/** «Ausente»: the phone within this many metres of the rider's stop… */
export const NO_SHOW_RADIUS_METERS = 150;
/** …and this many minutes after the later of arriving there and the planned time (branch office's own, by default). */
export const DEFAULT_NO_SHOW_WAIT_MINUTES = 2;
/** Three no-shows in 30 days flag a collaborator (report). */
export const NO_SHOW_FLAG_COUNT = 3;
export const NO_SHOW_FLAG_DAYS = 30;
export const BOOKING_REASON_MAX = 300;

/** The reason a day of an opt-in shift without a «Sí viajaré» reads as CANCELLED (not a seat). */
export const UNCONFIRMED_REASON = "Sin confirmar";
/** A rider still waiting at the cut-off is told this, once. */
export const NO_SEAT_TITLE = "Sin asiento";
export const SEAT_GRANTED_TITLE = "Tienes asiento";
export const NO_SHOW_TITLE = "Marcado como ausente";

export const BOOKING_DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
export const BOOKING_DATE_MESSAGE = "Fecha inválida (formato YYYY-MM-DD)";
export const BOOKING_RANGE_MESSAGE = `El rango de fechas no puede pasar de ${BOOKING_RANGE_MAX_DAYS} días`;
export const BOOKING_RANGE_ORDER_MESSAGE = "La fecha inicial no puede ser posterior a la final";

// ---------- Refusals (every one a clear Spanish message) ----------

/** 409 after the cut-off, naming it: «… terminó a las 04:00 del 30/11/2026». */
export const cutoffPassedMessage = (time: string, date: string) =>
  `El plazo para cambiar la reserva terminó a las ${time} del ${date}`;
export const NOT_A_SERVICE_DAY_MESSAGE = "La ruta no opera ese día";
export const BOOKING_ROUTE_INACTIVE_MESSAGE = "La ruta está inactiva";
export const BOOKING_ROUTE_NOT_FOUND_MESSAGE = "Ruta no encontrada";
export const BOOKING_EMPLOYEE_NOT_FOUND_MESSAGE = "Colaborador no encontrado";
export const OTHER_BRANCH_OFFICE_MESSAGE = "Solo puede pedir asiento en rutas de su sucursal";
export const NO_BOOKING_MESSAGE = "No tiene una reserva en esta ruta para ese día";
export const NOT_ROUTE_DRIVER_MESSAGE = "No es chofer de esta ruta";
export const NOT_TRIP_DRIVER_MESSAGE = "No es el chofer de esta ruta en curso";
export const NOT_A_COLLABORATOR_MESSAGE = "Solo un colaborador tiene reservas";
export const NO_SHOW_NOT_EXPECTED_MESSAGE = "El colaborador no está confirmado en esta ruta";
export const NO_SHOW_BOARDED_MESSAGE = "El colaborador ya abordó esta ruta";
export const NO_SHOW_NO_STOP_MESSAGE = "La ruta no tiene paradas: no se puede marcar ausente";
export const NO_SHOW_FUTURE_MESSAGE = "No se puede marcar ausente en un día que no ha llegado";
export const NO_SHOW_NOT_SCHEDULED_MESSAGE = "Solo se marca ausente en las rutas programadas";
export const ALREADY_NO_SHOW_MESSAGE = "El colaborador ya está marcado como ausente";
/** «Ausente» too far from the stop. */
export const noShowTooFarMessage = (meters: number, stop: string) =>
  `Está a ${Math.round(meters)} m de la parada «${stop}»: acérquese a menos de ${NO_SHOW_RADIUS_METERS} m para marcar ausente`;
/** «Ausente» too early: «Espere hasta las 06:42 en la parada». */
export const noShowWaitMessage = (time: string) => `Espere hasta las ${time} en la parada`;
export const NO_SHOW_RECORDED_MESSAGE = "Ausencia registrada";
/** Boarding a rider with a seat asked on the route (not assigned), by the booking of the trip's day. */
export const SEAT_CANCELLED_MESSAGE = "El colaborador canceló su reserva en esta ruta para este día";
export const SEAT_NO_SHOW_MESSAGE = "El colaborador está marcado como ausente en esta ruta para este día";
export const SEAT_WAITLISTED_MESSAGE =
  "El colaborador está en lista de espera en esta ruta: aún no tiene asiento";

// ---------- Dates ----------

/** True when `YYYY-MM-DD` is a real calendar date with a year 1900–2100. */
export function isBookingDate(value: string): boolean {
  if (!BOOKING_DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  if (year < 1900 || year > 2100) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A service date `YYYY-MM-DD` (local to the branch office). */
export const bookingDateSchema = z
  .string({ message: BOOKING_DATE_MESSAGE })
  .trim()
  .refine(isBookingDate, BOOKING_DATE_MESSAGE);

// ---------- GET Booking/my ----------

/** Both dates or neither; default today … today + 13 (MY_BOOKINGS_DAYS). */
export const myBookingsQuerySchema = z
  .object({ sinceDate: bookingDateSchema.optional(), untilDate: bookingDateSchema.optional() })
  .superRefine((query, ctx) => {
    if (query.sinceDate && query.untilDate && query.sinceDate > query.untilDate) {
      ctx.addIssue({ code: "custom", message: BOOKING_RANGE_ORDER_MESSAGE, path: ["sinceDate"] });
    }
  });
export type MyBookingsQuery = z.infer<typeof myBookingsQuerySchema>;

export const myBookingItemSchema = z.object({
  routeId: z.number().int(),
  routeName: z.string(),
  date: z.string(),
  status: bookingStatusSchema,
  /** The rider's stop on the route (a seat on another route: the stop nearest their home); null without stops. */
  stopName: z.string().nullable(),
  /** `HH:mm` local: the stop's planned time (else the route's departure). */
  plannedTime: z.string().nullable(),
  /** ISO instant after which only an admin changes the booking. */
  cutoffAt: z.string(),
  /** Before the cut-off: «No viajaré» / «Sí viajaré» may be sent. */
  canChange: z.boolean(),
  /** 1-based place in the waitlist (WAITLISTED only). */
  waitlistPosition: z.number().int().nullable(),
  /** The cancellation's or admin change's reason (UNCONFIRMED_REASON on an unconfirmed opt-in day). */
  reason: z.string().nullable(),
  /** True on the rider's own (assigned) route; false for a seat asked on another route. */
  assigned: z.boolean(),
  shiftName: z.string().nullable(),
});
export type MyBookingItem = z.infer<typeof myBookingItemSchema>;
export const myBookingsResponseSchema = z.object({ list: z.array(myBookingItemSchema) });
export type MyBookingsResponse = z.infer<typeof myBookingsResponseSchema>;

// ---------- GET Booking/routes: where «Pedir asiento» can ask ----------

export const bookingRoutesQuerySchema = z.object({ date: bookingDateSchema });
export type BookingRoutesQuery = z.infer<typeof bookingRoutesQuerySchema>;
export const bookingRouteItemSchema = z.object({
  routeId: z.number().int(),
  routeName: z.string(),
  shiftName: z.string().nullable(),
  direction: z.enum(["inbound", "outbound"]).nullable(),
  plannedTime: z.string().nullable(),
  /** Null: no seat limit known (no own seats, no vehicle capacity). */
  seats: z.number().int().nullable(),
  confirmed: z.number().int(),
  waitlisted: z.number().int(),
  cutoffAt: z.string(),
  canChange: z.boolean(),
});
export type BookingRouteItem = z.infer<typeof bookingRouteItemSchema>;
export const bookingRoutesResponseSchema = z.object({ list: z.array(bookingRouteItemSchema) });
export type BookingRoutesResponse = z.infer<typeof bookingRoutesResponseSchema>;

// ---------- PUT Booking/cancel, PUT Booking/confirm ----------

const riderChangeShape = {
  routeId: bodyIdSchema,
  date: bookingDateSchema,
  ...actionIdShape,
  /** The phone's time of a change queued offline (shown in the refusal; the cut-off is the server's). */
  requestedAt: deviceTimeSchema.optional(),
};

export const bookingCancelRequestSchema = z.object({
  ...riderChangeShape,
  reason: optionalText(BOOKING_REASON_MAX),
});
export type BookingCancelRequest = z.infer<typeof bookingCancelRequestSchema>;
export const bookingCancelResponseSchema = z.object({ status: z.literal("CANCELLED") });
export type BookingCancelResponse = z.infer<typeof bookingCancelResponseSchema>;

export const bookingConfirmRequestSchema = z.object(riderChangeShape);
export type BookingConfirmRequest = z.infer<typeof bookingConfirmRequestSchema>;
export const bookingConfirmResponseSchema = z.object({
  status: z.enum(["CONFIRMED", "WAITLISTED"]),
  waitlistPosition: z.number().int().optional(),
});
export type BookingConfirmResponse = z.infer<typeof bookingConfirmResponseSchema>;

// ---------- GET Booking/manifest ----------

export const bookingManifestQuerySchema = z.object({ routeId: idSchema, date: bookingDateSchema });
export type BookingManifestQuery = z.infer<typeof bookingManifestQuerySchema>;

export const manifestItemSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  stopName: z.string().nullable(),
  status: bookingStatusSchema,
  waitlistPosition: z.number().int().nullable(),
  /** The stop's planned time `HH:mm`, when the rider has a stop. */
  plannedTime: z.string().nullable(),
  assigned: z.boolean(),
  reason: z.string().nullable(),
  /** The last change's time (ISO) and who made it («Nombre Apellido»); null for an untouched booking. */
  changedAt: z.string().nullable(),
  changedBy: z.string().nullable(),
  /** The change was an admin's. */
  changedByAdmin: z.boolean(),
});
export type ManifestItem = z.infer<typeof manifestItemSchema>;

export const bookingManifestResponseSchema = z.object({
  routeId: z.number().int(),
  routeName: z.string(),
  date: z.string(),
  shiftName: z.string().nullable(),
  confirmationRequired: z.boolean(),
  cutoffAt: z.string(),
  /** Null: no seat limit known. */
  seats: z.number().int().nullable(),
  confirmed: z.number().int(),
  waitlisted: z.number().int(),
  cancelled: z.number().int(),
  noShow: z.number().int(),
  ridden: z.number().int(),
  /** Expected first (confirmed, boarded, no-shows), then the waitlist in order, then the cancelled. */
  list: z.array(manifestItemSchema),
});
export type BookingManifestResponse = z.infer<typeof bookingManifestResponseSchema>;

// ---------- PUT Booking/admin ----------

export const bookingAdminRequestSchema = z.object({
  employeeId: bodyIdSchema,
  routeId: bodyIdSchema,
  date: bookingDateSchema,
  status: z.enum(BOOKING_ADMIN_STATUSES, { message: "Estado de reserva inválido" }),
  reason: requiredText(BOOKING_REASON_MAX),
});
export type BookingAdminRequest = z.infer<typeof bookingAdminRequestSchema>;
export const bookingAdminResponseSchema = z.object({
  status: bookingStatusSchema,
  waitlistPosition: z.number().int().nullable(),
  message: z.string(),
});
export type BookingAdminResponse = z.infer<typeof bookingAdminResponseSchema>;

// ---------- PUT TransportService/noShow ----------

export const noShowRequestSchema = z.object({
  intermediateRouteId: bodyIdSchema,
  employeeId: bodyIdSchema,
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  /** The phone's time (absent: the server's now). */
  recordedAt: deviceTimeSchema.optional(),
  ...actionIdShape,
});
export type NoShowRequest = z.infer<typeof noShowRequestSchema>;
export const noShowResponseSchema = z.object({
  status: z.literal("NO_SHOW"),
  intermediateRouteId: z.number().int(),
  employeeId: z.number().int(),
  date: z.string(),
  recordedAt: z.string(),
  message: z.string(),
});
export type NoShowResponse = z.infer<typeof noShowResponseSchema>;
