import { z } from "zod";
import {
  bodyIdSchema,
  bothDatesOrNeither,
  CONTROL_CHARACTER_MESSAGE,
  dateRangeShape,
  filterIdSchema,
  idSchema,
  listQuerySchema,
  listResponseSchema,
  multiLine,
  REQUIRED_MESSAGE,
} from "./common.js";
import { actionIdShape, deviceTimeSchema } from "./field-actions.js";
import { INCIDENT_SEVERITIES, incidentTypeSchema } from "./incidents.js";
import { TRAVEL_SOURCES } from "./travel-model.js";

export { ALREADY_SCANNED_MESSAGE, TRIP_FINISHED_MESSAGE } from "./messages.js";

/**
 * Live operations: trips (IntermediateRoute). Boardings (TransportService) are in boardings.ts, the
 * notification list in notifications.ts.
 */

export const TRIP_STATUSES = ["InProgress", "Finished"] as const;
export const tripStatusSchema = z.enum(TRIP_STATUSES);
export type TripStatus = z.infer<typeof tripStatusSchema>;
/** A collaborator on a trip: not scanned yet, boarded by QR scan, or cancelled with a comment. */
export const RIDER_STATUSES = ["Pending", "Boarded", "Canceled"] as const;
export const riderStatusSchema = z.enum(RIDER_STATUSES);
export type RiderStatus = z.infer<typeof riderStatusSchema>;

/** Route history page size (spec §9) and default range (last 20 days). */
export const ROUTE_HISTORY_PAGE_SIZE = 5;
export const ROUTE_HISTORY_DEFAULT_DAYS = 20;
/** Notification page size (spec §9) and default range (last 6 days). */
export const TRIP_COMMENT_MAX = 500;
/**
 * A collaborator's comments (issue 32): at most TRIP_COMMENTS_PER_TRIP on one trip (then 409, for
 * good) and TRIP_COMMENTS_PER_HOUR in any hour across trips (then 429 with `Retry-After`).
 */
export const TRIP_COMMENTS_PER_TRIP = 10;
export const TRIP_COMMENTS_PER_HOUR = 30;
export const TRIP_COMMENTS_PER_TRIP_MESSAGE = `Ya envió ${TRIP_COMMENTS_PER_TRIP} comentarios sobre este viaje; no puede enviar más`;

export const ONE_TRIP_IN_PROGRESS_MESSAGE = "Ya tiene una ruta en curso. Finalícela antes de iniciar otra.";
export const ROUTE_INACTIVE_MESSAGE = "La ruta está inactiva";
export const NOT_ASSIGNED_MESSAGE = "No está asignado a esta ruta";
export const OTHER_SUPPLIER_MESSAGE = "La ruta pertenece a otro suplidor";
export const NO_TRIP_IN_PROGRESS_MESSAGE = "No tiene una ruta en curso";
/** A not-scheduled (one-off) route runs once: a second Start is refused (issue 11). */
export const ROUTE_NOT_SCHEDULED_ALREADY_RAN_MESSAGE =
  "Esta ruta no programada ya se realizó; una ruta no programada se inicia una sola vez";
export const START_TARGET_MESSAGE = "Indique la ruta o la ruta no programada a iniciar";

const bodyId = bodyIdSchema;

const optionalFilterId = filterIdSchema;

const comment = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .max(TRIP_COMMENT_MAX, `Máximo ${TRIP_COMMENT_MAX} caracteres`)
  .refine(multiLine, CONTROL_CHARACTER_MESSAGE);

// ---------- IntermediateRoute (trips) ----------

export const tripPositionSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  recordedDate: z.string(),
});
export type TripPosition = z.infer<typeof tripPositionSchema>;

/** One trip as lists show it. `routeName` is the route's or the not-scheduled route's name. */
export const tripSummarySchema = z.object({
  id: z.number().int(),
  routeId: z.number().int().nullable(),
  routeNotScheduledId: z.number().int().nullable(),
  routeName: z.string(),
  driverId: z.number().int(),
  driverName: z.string(),
  driverLastname: z.string(),
  supplierId: z.number().int(),
  supplierName: z.string(),
  status: tripStatusSchema,
  startedDate: z.string(),
  endedDate: z.string().nullable(),
  /** Cost snapshot at start, USD. */
  cost: z.number(),
  lastLatitude: z.number().nullable(),
  lastLongitude: z.number().nullable(),
  lastPositionDate: z.string().nullable(),
  amountCollaborators: z.number().int(),
  amountCanceled: z.number().int(),
});
export type TripSummary = z.infer<typeof tripSummarySchema>;

export const currentTripListQuerySchema = listQuerySchema;
export const currentTripListResponseSchema = listResponseSchema(tripSummarySchema);
export type CurrentTripListResponse = z.infer<typeof currentTripListResponseSchema>;

/** Every trip in progress, light enough for thousands of map markers. */
export const activeTripSchema = z.object({
  id: z.number().int(),
  routeName: z.string(),
  driverId: z.number().int(),
  driverName: z.string(),
  driverLastname: z.string(),
  supplierName: z.string(),
  startedDate: z.string(),
  lastLatitude: z.number().nullable(),
  lastLongitude: z.number().nullable(),
  lastPositionDate: z.string().nullable(),
  /**
   * The trip's unclosed incidents (open or acknowledged), for the control room's map to mark the
   * bus (issue 33); only for Admin and SuperAdmin. Absent from another backend.
   */
  openIncidents: z
    .array(
      z.object({ id: z.number().int(), type: incidentTypeSchema, severity: z.enum(INCIDENT_SEVERITIES) }),
    )
    .optional(),
});
export type ActiveTrip = z.infer<typeof activeTripSchema>;
export const activeTripListResponseSchema = z.object({ response: z.array(activeTripSchema) });
export type ActiveTripListResponse = z.infer<typeof activeTripListResponseSchema>;

/** A collaborator on a trip (boarded, cancelled, or still expected). */
export const tripRiderSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  department: z.string().nullable(),
  jobTitle: z.string().nullable(),
  status: riderStatusSchema,
  scannedDate: z.string().nullable(),
  canceledDate: z.string().nullable(),
  /** The cancellation comment, if cancelled. */
  comment: z.string().nullable(),
  /** How the boarding was recorded (`qr`, `manual`), null when not boarded or recorded before the app. */
  boardingMethod: z.enum(["qr", "manual"]).nullable().optional(),
  /** The reason of a manual boarding. */
  boardingReason: z.string().nullable().optional(),
});
export type TripRider = z.infer<typeof tripRiderSchema>;

export const tripCommentSchema = z.object({
  id: z.number().int(),
  intermediateRouteId: z.number().int(),
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  comment: z.string(),
  createdDate: z.string(),
});
export type TripComment = z.infer<typeof tripCommentSchema>;

/** A trip with its trail, riders (boarded and cancelled) and comments. */
export const tripDetailSchema = tripSummarySchema.extend({
  destinationName: z.string().nullable(),
  destinationLatitude: z.number().nullable(),
  destinationLongitude: z.number().nullable(),
  positions: z.array(tripPositionSchema),
  riders: z.array(tripRiderSchema),
  comments: z.array(tripCommentSchema),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;

export const riderTravelModelSchema = z.object({
  /** Moving speed, km/h (stops excluded: `serviceMinutes` is spent at each stop on top). */
  speedKmh: z.number(),
  circuity: z.number(),
  serviceMinutes: z.number(),
  /** Where the speed comes from: the shift's own value, the branch office's trips, the defaults. */
  speedSource: z.enum(TRAVEL_SOURCES),
});
export type RiderTravelModel = z.infer<typeof riderTravelModelSchema>;

/**
 * What a collaborator sees of a trip it rides (issue 21, "Mi bus"): the bus (vehicle, trail, last
 * position), its driver, the route, its own state and counts; nothing about the other riders (names,
 * codes, states, cancellation comments), no comments and no cost. `view: "rider"` marks it: the
 * route's response schema serializes such an answer with this schema, so no other field goes out.
 */
export const riderTripViewSchema = z.object({
  view: z.literal("rider"),
  id: z.number().int(),
  routeId: z.number().int().nullable(),
  routeNotScheduledId: z.number().int().nullable(),
  routeName: z.string(),
  status: tripStatusSchema,
  startedDate: z.string(),
  endedDate: z.string().nullable(),
  driverId: z.number().int(),
  driverName: z.string(),
  driverLastname: z.string(),
  /** Path of the driver's profile image (the rider may read it while the trip runs), or null. */
  driverImage: z.string().nullable(),
  vehiclePlate: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  destinationName: z.string().nullable(),
  destinationLatitude: z.number().nullable(),
  destinationLongitude: z.number().nullable(),
  lastLatitude: z.number().nullable(),
  lastLongitude: z.number().nullable(),
  lastPositionDate: z.string().nullable(),
  positions: z.array(tripPositionSchema),
  /** The caller's own state on the trip. */
  myStatus: riderStatusSchema,
  /** Riders expected (the route's active collaborators), boarded and canceled: counts only. */
  amountExpected: z.number().int(),
  amountCollaborators: z.number().int(),
  amountCanceled: z.number().int(),
  /**
   * How «Mi bus» times the bus (issue 33, decision 0058): the travel model of the route's shift, the
   * one its planned times and the LATE rule use (`travel` in the contract). Absent (another backend)
   * or null: the app uses the defaults.
   */
  travelModel: riderTravelModelSchema.nullable().optional(),
  /**
   * The points of the route's stops the bus serves before the caller's own, in visiting order,
   * rounded to 3 decimals (about 100 m; no names, no riders): «Mi bus» times the way through those
   * still ahead (`arrivalViaStops`, decision 0067). Empty without a stop of the caller's.
   */
  stopsBefore: z.array(z.object({ latitude: z.number(), longitude: z.number() })).optional(),
});
export type RiderTripView = z.infer<typeof riderTripViewSchema>;

/**
 * `GET IntermediateRoute/current/{id}`: the whole trip for admins and its driver, the rider's view
 * for a collaborator (the first member matches only an answer marked `view: "rider"`).
 */
export const currentTripResponseSchema = z.union([riderTripViewSchema, tripDetailSchema]);
export type CurrentTripResponse = z.infer<typeof currentTripResponseSchema>;

export const tripIdParamsSchema = z.object({ id: idSchema });
export const tripDetailQuerySchema = z.object({ intermediateRouteId: idSchema });
export const tripEmployeeParamsSchema = z.object({ intermediateRouteId: idSchema, employeeId: idSchema });

/** Start a scheduled route (`routeId`) or a not-scheduled one (`routeNotScheduledId`), exactly one. */
export const startTripRequestSchema = z
  .object({
    routeId: bodyId.optional(),
    routeNotScheduledId: bodyId.optional(),
    /** Device time of a Start queued offline (not after the server clock, not before the driver's last End). */
    startedAt: deviceTimeSchema.optional(),
    ...actionIdShape,
  })
  .refine((body) => (body.routeId === undefined) !== (body.routeNotScheduledId === undefined), {
    message: START_TARGET_MESSAGE,
    path: ["routeId"],
  });
export type StartTripRequest = z.infer<typeof startTripRequestSchema>;

export const endTripRequestSchema = z.object({
  intermediateRouteId: bodyId,
  /** Device time of an End queued offline (checked against the last boarding and the server clock). */
  endedAt: deviceTimeSchema.optional(),
  ...actionIdShape,
});
export type EndTripRequest = z.infer<typeof endTripRequestSchema>;

export const tripSavedResponseSchema = z.object({
  message: z.string(),
  intermediateRoute: tripSummarySchema,
});
export type TripSavedResponse = z.infer<typeof tripSavedResponseSchema>;

/** Payload of the hub event `FinishIntermediateRoute`. */
export const finishTripEventSchema = z.object({
  intermediateRouteId: z.number().int(),
  driverId: z.number().int(),
  endedDate: z.string(),
});
export type FinishTripEvent = z.infer<typeof finishTripEventSchema>;

export const routeHistoryQuerySchema = z
  .object({
    driverId: optionalFilterId,
    routeId: optionalFilterId,
    ...dateRangeShape,
    amount: listQuerySchema.shape.amount.default(ROUTE_HISTORY_PAGE_SIZE),
    skip: listQuerySchema.shape.skip,
  })
  .superRefine(bothDatesOrNeither);
export type RouteHistoryQuery = z.infer<typeof routeHistoryQuerySchema>;
export const routeHistoryResponseSchema = z.object({
  amount: z.number().int(),
  data: z.array(tripSummarySchema),
});
export type RouteHistoryResponse = z.infer<typeof routeHistoryResponseSchema>;

/** What a driver may start: its active scheduled routes and active not-scheduled routes. */
export const startableRouteSchema = z.object({
  routeId: z.number().int().nullable(),
  routeNotScheduledId: z.number().int().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  destinationName: z.string().nullable(),
  destinationLatitude: z.number().nullable(),
  destinationLongitude: z.number().nullable(),
  departureTime: z.string().nullable(),
  scheduledDate: z.string().nullable(),
});
export type StartableRoute = z.infer<typeof startableRouteSchema>;
export const startableRoutesResponseSchema = z.object({ response: z.array(startableRouteSchema) });
export type StartableRoutesResponse = z.infer<typeof startableRoutesResponseSchema>;

/** A collaborator comments on a trip it rode (notifies the admins, tag COMMENT). */
export const tripCommentRequestSchema = z.object({ intermediateRouteId: bodyId, comment, ...actionIdShape });
export type TripCommentRequest = z.infer<typeof tripCommentRequestSchema>;
