import { z } from "zod";
import { idSchema } from "./common.js";
import { tripIncidentSchema } from "./incident-report.js";
import { tripCommentSchema, tripStatusSchema } from "./operations.js";

/**
 * The trip sheet (issue 11): the evidence behind one billed trip, for administrators —
 * `GET /api/v1/IntermediateRoute/sheet?intermediateRouteId=N`.
 */

/** At most this many points of the trace are sent; a longer trace is simplified (Douglas–Peucker). */
export const TRIP_SHEET_MAX_TRACE_POINTS = 2_000;

export const tripSheetQuerySchema = z.object({ intermediateRouteId: idSchema });
export type TripSheetQuery = z.infer<typeof tripSheetQuerySchema>;

/** A scheduled route's trip, or a not-scheduled (one-off) route's. */
export const tripSheetKindSchema = z.enum(["scheduled", "notScheduled"]);
export type TripSheetKind = z.infer<typeof tripSheetKindSchema>;

/** The driver's vehicle as recorded on the driver (null when none of its fields is recorded). */
export const tripSheetVehicleSchema = z.object({
  plate: z.string().nullable(),
  model: z.string().nullable(),
  capacity: z.number().int().nullable(),
});
export type TripSheetVehicle = z.infer<typeof tripSheetVehicleSchema>;

/** A collaborator who boarded: when, how (QR scan or manual with its reason) and where. */
export const tripSheetBoardingSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  scannedDate: z.string().nullable(),
  /** `qr` or `manual`; null for boardings recorded before the method was kept. */
  method: z.enum(["qr", "manual"]).nullable(),
  /** The driver's reason of a manual boarding. */
  reason: z.string().nullable(),
  /** The phone's position at the boarding, when it had one. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TripSheetBoarding = z.infer<typeof tripSheetBoardingSchema>;

/** A collaborator who cancelled the trip, with the comment given. */
export const tripSheetCancellationSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  canceledDate: z.string().nullable(),
  comment: z.string().nullable(),
});
export type TripSheetCancellation = z.infer<typeof tripSheetCancellationSchema>;

/** A position of the trace, `[latitude, longitude]`. */
export const tripSheetPointSchema = z.tuple([z.number(), z.number()]);
export type TripSheetPoint = z.infer<typeof tripSheetPointSchema>;

export const tripSheetSchema = z.object({
  id: z.number().int(),
  kind: tripSheetKindSchema,
  status: tripStatusSchema,
  routeId: z.number().int().nullable(),
  routeNotScheduledId: z.number().int().nullable(),
  routeName: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  driverId: z.number().int(),
  driverName: z.string(),
  driverLastname: z.string(),
  driverIdentityCard: z.string(),
  vehicle: tripSheetVehicleSchema.nullable(),
  destinationName: z.string().nullable(),
  destinationLatitude: z.number().nullable(),
  destinationLongitude: z.number().nullable(),
  /**
   * Planned departure: a not-scheduled route's date and time, or a scheduled route's departure time
   * on the local day (`GMT` header) closest to the actual start; null when the route has none.
   */
  plannedDate: z.string().nullable(),
  startedDate: z.string(),
  endedDate: z.string().nullable(),
  /** Actual start − planned departure, whole minutes (negative: early); null without a plan. */
  minutesLate: z.number().int().nullable(),
  /** End − start, whole minutes; null while in progress. */
  durationMinutes: z.number().int().nullable(),
  /** Kilometres driven: haversine sum over the trip's consecutive GPS positions (2 decimals). */
  km: z.number(),
  /** Cost snapshot at start, USD. */
  cost: z.number(),
  /** The billing cut that contains the trip, if already cut. */
  cutId: z.number().int().nullable(),
  /** The trace in recording order, at most TRIP_SHEET_MAX_TRACE_POINTS points. */
  trace: z.array(tripSheetPointSchema),
  /** How many positions were recorded (more than `trace.length` when simplified). */
  tracePositions: z.number().int(),
  traceSimplified: z.boolean(),
  /** Boardings in the order they happened. */
  riders: z.array(tripSheetBoardingSchema),
  cancellations: z.array(tripSheetCancellationSchema),
  /** Comments the collaborators wrote about the trip. */
  comments: z.array(tripCommentSchema),
  /** The trip's incidents (issue 25), oldest first. */
  incidents: z.array(tripIncidentSchema),
});
export type TripSheet = z.infer<typeof tripSheetSchema>;
