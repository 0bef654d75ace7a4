import { z } from "zod";
import { bookingDateSchema } from "./bookings.js";
import { bodyIdSchema, REQUIRED_MESSAGE } from "./common.js";
import { actionIdShape, boardingEvidenceShape, MANUAL_REASON_MAX } from "./field-actions.js";
import { startableRouteSchema } from "./operations.js";
import { SHIFT_DIRECTIONS } from "./route-planning.js";

/**
 * Treiber App (issue 10, design §8): what the field app adds to the spec's calls. Every field action
 * may carry a client-generated `actionId` (UUID) that the server applies at most once per user, and
 * an offline action keeps the device's time and position, checked by the server
 * (docs/decisions/0017-offline-action-times.md).
 */

/** `POST /api/v1/TransportService/manual`: the driver boards a rider without its QR, with a reason. */
export const manualBoardingRequestSchema = z.object({
  employeeId: bodyIdSchema,
  reason: z
    .string({ message: REQUIRED_MESSAGE })
    .trim()
    .min(1, REQUIRED_MESSAGE)
    .max(MANUAL_REASON_MAX, `Máximo ${MANUAL_REASON_MAX} caracteres`),
  /** Optional check: the trip the driver believes is in progress. */
  intermediateRouteId: bodyIdSchema.optional(),
  ...boardingEvidenceShape,
  ...actionIdShape,
});
export type ManualBoardingRequest = z.infer<typeof manualBoardingRequestSchema>;

/** A collaborator expected on a route. */
export const expectedRiderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  /** Path of the profile image, or null. */
  image: z.string().nullable(),
  /**
   * SHA-256 (hex) of the rider's QR code: the driver's phone recognises a scanned QR offline without
   * holding the codes themselves.
   */
  codeQrHash: z.string(),
});
export type ExpectedRider = z.infer<typeof expectedRiderSchema>;

/** State of a route today for its driver: not started, a trip in progress, or finished. */
export const TODAY_ROUTE_STATES = ["Pendiente", "En curso", "Finalizada"] as const;
export const todayRouteStateSchema = z.enum(TODAY_ROUTE_STATES);
export type TodayRouteState = z.infer<typeof todayRouteStateSchema>;

/**
 * A stop of a route on the driver's "Hoy" (issue 23, decision 0048): where and when the bus stops and
 * who boards (Entrada) or alights (Salida) there, by employee id (names come with `riders`).
 */
export const todayStopSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Planned time `HH:mm` (local). */
  plannedTime: z.string(),
  employeeIds: z.array(z.number().int()),
});
export type TodayStop = z.infer<typeof todayStopSchema>;

/** One route of the driver's "Hoy": a scheduled route running today, or a not-scheduled one for today. */
export const todayRouteSchema = startableRouteSchema.extend({
  state: todayRouteStateSchema,
  /** Today's trip of this route by the driver (in progress, else the last finished), or null. */
  intermediateRouteId: z.number().int().nullable(),
  amountRiders: z.number().int(),
  riders: z.array(expectedRiderSchema),
  /** The direction of the route's shift (Entrada / Salida), or null without a shift. */
  direction: z.enum(SHIFT_DIRECTIONS).nullable(),
  /** The route's stops in position order; empty when it has none (and for a not-scheduled route). */
  stops: z.array(todayStopSchema),
  /**
   * The branch office's service date (`YYYY-MM-DD`) of this run, decided by the server (decision
   * 0064): of the trip in progress (or the last finished), else of a trip started now. Its bookings
   * are `Booking/manifest` of that date. Null for a not-scheduled route (no bookings).
   */
  serviceDate: z.string().nullable(),
  /**
   * True when the plan of the day releases this route on its service date (issue 36): it does not
   * run that date (no stops, no riders; the app says «Liberada»). Absent or false otherwise.
   */
  released: z.boolean().optional(),
});
export type TodayRoute = z.infer<typeof todayRouteSchema>;
export const todayRoutesResponseSchema = z.object({ response: z.array(todayRouteSchema) });

/** How many days ahead the driver may look at their routes («Mañana», issue 36). */
export const TODAY_DAYS_AHEAD = 7;
export const TODAY_DATE_RANGE_MESSAGE = `La fecha debe estar entre hoy y ${TODAY_DAYS_AHEAD} días después`;
/**
 * `GET IntermediateRoute/today?date=YYYY-MM-DD`: the driver's routes of a service date from today to
 * today + TODAY_DAYS_AHEAD (read only ahead of today); without `date`, today.
 */
export const todayQuerySchema = z.object({ date: bookingDateSchema.optional() });
export type TodayQuery = z.infer<typeof todayQuerySchema>;
export type TodayRoutesResponse = z.infer<typeof todayRoutesResponseSchema>;

/** One of a collaborator's routes ("Mis rutas"), with the trip in progress if any. */
export const myRouteSchema = z.object({
  routeId: z.number().int().nullable(),
  routeNotScheduledId: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  /** Days of a scheduled route (Lunes … Domingo); empty for a not-scheduled one. */
  days: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departureTime: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  destinationName: z.string().nullable(),
  destinationLatitude: z.number().nullable(),
  destinationLongitude: z.number().nullable(),
  drivers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      lastname: z.string(),
      telephone: z.string().nullable(),
      vehiclePlate: z.string().nullable(),
      vehicleModel: z.string().nullable(),
      supplierName: z.string(),
    }),
  ),
  /**
   * The collaborator's own stop on this route (never another rider's): where and when
   * (`plannedTime`, `HH:mm`) the bus picks them up or drops them; null without one.
   */
  stop: z
    .object({
      name: z.string(),
      address: z.string().nullable(),
      latitude: z.number(),
      longitude: z.number(),
      plannedTime: z.string(),
    })
    .nullable(),
  currentTrip: z
    .object({
      intermediateRouteId: z.number().int(),
      startedDate: z.string(),
      driverId: z.number().int(),
      lastLatitude: z.number().nullable(),
      lastLongitude: z.number().nullable(),
      lastPositionDate: z.string().nullable(),
    })
    .nullable(),
});
export type MyRoute = z.infer<typeof myRouteSchema>;
export const myRoutesResponseSchema = z.object({ response: z.array(myRouteSchema) });
export type MyRoutesResponse = z.infer<typeof myRoutesResponseSchema>;

/** `GET /api/v1/Employee/myLocation`: the signed-in collaborator's home on record ("Mi bus" distance). */
export const myHomeLocationSchema = z.object({
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type MyHomeLocation = z.infer<typeof myHomeLocationSchema>;
