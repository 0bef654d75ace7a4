import { z } from "zod";
import {
  bodyIdSchema,
  datedListQuerySchema,
  filterIdSchema,
  idSchema,
  listResponseSchema,
} from "./common.js";
import { pushEndpointProblem } from "./push-endpoint.js";

/**
 * The control room (issue 25): incidents raised against a trip's plan. The rules live in
 * `@treiber/incidents`; this is what travels over HTTP and the hub.
 */
export const INCIDENT_TYPES = [
  "SOS",
  "SAFE_ARRIVAL_UNCONFIRMED",
  "NOT_STARTED",
  "LATE",
  "OFF_ROUTE",
  "SKIPPED_STOP",
  "LONG_DWELL",
  "NO_GPS",
  "OVER_CAPACITY",
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

export const INCIDENT_TYPE_LABELS: Record<IncidentType, string> = {
  SOS: "SOS",
  SAFE_ARRIVAL_UNCONFIRMED: "Llegada sin confirmar",
  NOT_STARTED: "No ha salido",
  LATE: "Retraso",
  OFF_ROUTE: "Fuera de ruta",
  SKIPPED_STOP: "Parada omitida",
  LONG_DWELL: "Detenido fuera de parada",
  NO_GPS: "Sin GPS",
  OVER_CAPACITY: "Sobrecupo",
};

/** Critical ones ring the panel (sound and badge); lists order by severity, then newest first. */
export const INCIDENT_SEVERITIES = ["critical", "warning"] as const;
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number];
export const INCIDENT_SEVERITY: Record<IncidentType, IncidentSeverity> = {
  SOS: "critical",
  SAFE_ARRIVAL_UNCONFIRMED: "critical",
  NOT_STARTED: "critical",
  OFF_ROUTE: "critical",
  SKIPPED_STOP: "critical",
  OVER_CAPACITY: "critical",
  LATE: "warning",
  LONG_DWELL: "warning",
  NO_GPS: "warning",
};
export const INCIDENT_SEVERITY_LABELS: Record<IncidentSeverity, string> = {
  critical: "Crítica",
  warning: "Advertencia",
};

/**
 * Safety incidents (issue 38): raised by a person or by silence, never closed by the system (not at
 * the trip's end, not at the day's): an admin closes them with a note and an outcome
 * (`PUT Incident/close`). SOS lists first among the unclosed ones, whatever its age.
 */
export const MANUAL_CLOSE_INCIDENT_TYPES: readonly IncidentType[] = ["SOS", "SAFE_ARRIVAL_UNCONFIRMED"];
export const isManualCloseIncident = (type: IncidentType) => MANUAL_CLOSE_INCIDENT_TYPES.includes(type);

/** OPEN → ACKNOWLEDGED (who, note) → CLOSED (the condition cleared or the trip ended). */
export const INCIDENT_STATUSES = ["OPEN", "ACKNOWLEDGED", "CLOSED"] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_STATUS_LABELS: Record<IncidentStatus, string> = {
  OPEN: "Abierta",
  ACKNOWLEDGED: "Atendida",
  CLOSED: "Cerrada",
};

export const INCIDENT_MESSAGES = {
  type: "Tipo de incidencia inválido",
  status: "Estado de incidencia inválido",
  notFound: "Incidencia no encontrada",
  alreadyClosed: "La incidencia ya está cerrada",
  alreadyAcknowledged: "La incidencia ya fue atendida",
  note: "La nota admite hasta 500 caracteres",
} as const;

export const incidentTypeSchema = z.enum(INCIDENT_TYPES, { message: INCIDENT_MESSAGES.type });
export const incidentStatusSchema = z.enum(INCIDENT_STATUSES, { message: INCIDENT_MESSAGES.status });

/** The rule's figures (all optional, by type). */
export const incidentDetailSchema = z.object({
  /** LATE: predicted minutes after the planned time. */
  lateMinutes: z.number().optional(),
  /** LATE: the stop (0-based) or null for the workplace. */
  targetStopIndex: z.number().int().nullable().optional(),
  /** OFF_ROUTE: metres from the planned path. */
  distanceMeters: z.number().optional(),
  /**
   * OFF_ROUTE on a route without a trace yet (decision 0060): metres driven beyond what closing on
   * the next stop explains (there is no road to measure a distance from).
   */
  detourMeters: z.number().optional(),
  /** LONG_DWELL: minutes stopped. */
  dwellMinutes: z.number().optional(),
  /** SKIPPED_STOP: riders of the stop still pending. */
  pendingRiders: z.number().int().optional(),
  /** OVER_CAPACITY. */
  boardings: z.number().int().optional(),
  seats: z.number().int().optional(),
  /** SOS: the phone's accuracy (m) and time, and when the server received it (queued offline). */
  accuracy: z.number().optional(),
  recordedAt: z.string().optional(),
  receivedAt: z.string().optional(),
  /** SAFE_ARRIVAL_UNCONFIRMED: the drop's place and time. */
  dropStopName: z.string().optional(),
  droppedAt: z.string().optional(),
  dropLatitude: z.number().optional(),
  dropLongitude: z.number().optional(),
});
export type IncidentDetail = z.infer<typeof incidentDetailSchema>;

export const incidentEvidenceSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** ISO instant. */
  at: z.string(),
});

/** One incident as lists, the trip view and the hub's `ReceiveIncident` carry it. */
export const incidentItemSchema = z.object({
  id: z.number().int(),
  type: incidentTypeSchema,
  severity: z.enum(INCIDENT_SEVERITIES),
  status: incidentStatusSchema,
  /** Null for NOT_STARTED (the trip does not exist yet). */
  intermediateRouteId: z.number().int().nullable(),
  routeId: z.number().int().nullable(),
  routeName: z.string(),
  /** YYYY-MM-DD, the branch office's local day. */
  serviceDay: z.string(),
  driverName: z.string().nullable(),
  supplierName: z.string().nullable(),
  branchOfficeId: z.number().int().nullable(),
  /** SKIPPED_STOP: the stop (0-based) and its name; null for the others. */
  stopIndex: z.number().int().nullable(),
  stopName: z.string().nullable(),
  /** ISO instants. */
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /**
   * `day-ended`: a NOT_STARTED whose day ended without the trip; `manual`: an admin closed a safety
   * incident (`outcome`, `closedBy`).
   */
  closeReason: z.enum(["cleared", "trip-ended", "day-ended", "manual"]).nullable(),
  /** Safety incidents (issue 38): who raised the SOS or did not confirm, and their role. */
  personName: z.string().nullable(),
  personRole: z.string().nullable(),
  /** Closed by hand: «Atendida» (ATTENDED) or «Falsa alarma» (FALSE_ALARM), and by whom. */
  outcome: z.enum(["ATTENDED", "FALSE_ALARM"]).nullable(),
  closedBy: z.string().nullable(),
  /** Full name of who acknowledged it, and when. */
  acknowledgedBy: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  note: z.string().nullable(),
  detail: incidentDetailSchema,
  evidence: z.array(incidentEvidenceSchema),
});
export type IncidentItem = z.infer<typeof incidentItemSchema>;

/**
 * `GET Incident/list`: newest first (`openedAt` within the local-day range). `status=OPEN` lists the
 * unclosed ones (open and acknowledged) ordered by severity; `intermediateRouteId` one trip's.
 */
export const incidentListQuerySchema = datedListQuerySchema.safeExtend({
  type: incidentTypeSchema.optional(),
  status: incidentStatusSchema.optional(),
  intermediateRouteId: filterIdSchema,
  branchOfficeId: filterIdSchema,
});
export type IncidentListQuery = z.infer<typeof incidentListQuerySchema>;
export const incidentListResponseSchema = listResponseSchema(incidentItemSchema).extend({
  /** Unclosed incidents matching the filters but the status (the panel's count). */
  openCount: z.number().int(),
});
export type IncidentListResponse = z.infer<typeof incidentListResponseSchema>;

/** `PUT Incident/acknowledge` (Admin, SuperAdmin). */
export const incidentAcknowledgeSchema = z.object({
  id: idSchema,
  note: z.string().trim().max(500, INCIDENT_MESSAGES.note).optional().default(""),
});
export type IncidentAcknowledgeRequest = z.input<typeof incidentAcknowledgeSchema>;

/** A branch office's thresholds (issue 25's defaults in `INCIDENT_THRESHOLD_DEFAULTS`). */
const minutes = (max: number) =>
  z
    .number({ message: `Indique minutos entre 1 y ${max}` })
    .int()
    .min(1)
    .max(max);
const meters = z.number({ message: "Indique metros entre 50 y 5000" }).int().min(50).max(5000);
export const incidentThresholdsSchema = z.object({
  notStartedMinutes: minutes(120),
  lateMinutes: minutes(120),
  offRouteMeters: meters,
  offRouteSeconds: z.number({ message: "Indique segundos entre 10 y 600" }).int().min(10).max(600),
  offRoutePositions: z.number({ message: "Indique posiciones entre 1 y 20" }).int().min(1).max(20),
  onRouteMeters: meters,
  onRoutePositions: z.number({ message: "Indique posiciones entre 1 y 20" }).int().min(1).max(20),
  longDwellMinutes: minutes(120),
  noGpsMinutes: minutes(60),
  replayHorizonMinutes: minutes(120),
  reopenAfterMinutes: minutes(60),
});
export type IncidentThresholdValues = z.infer<typeof incidentThresholdsSchema>;
export const INCIDENT_THRESHOLD_DEFAULT_VALUES: Readonly<IncidentThresholdValues> = {
  notStartedMinutes: 10,
  lateMinutes: 10,
  offRouteMeters: 300,
  offRouteSeconds: 60,
  offRoutePositions: 3,
  onRouteMeters: 200,
  onRoutePositions: 3,
  longDwellMinutes: 10,
  noGpsMinutes: 2,
  replayHorizonMinutes: 15,
  reopenAfterMinutes: 2,
};
export const ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE =
  "La distancia de regreso a la ruta debe ser menor que la de salida";
/** `GET Incident/thresholds?branchOfficeId` → the effective values; `PUT` writes them. */
export const incidentThresholdsQuerySchema = z.object({ branchOfficeId: idSchema });
export const incidentThresholdsRequestSchema = incidentThresholdsSchema
  .extend({ branchOfficeId: bodyIdSchema })
  .refine((value) => value.onRouteMeters < value.offRouteMeters, {
    message: ON_ROUTE_BELOW_OFF_ROUTE_MESSAGE,
    path: ["onRouteMeters"],
  });
export const incidentThresholdsResponseSchema = incidentThresholdsSchema.extend({
  branchOfficeId: z.number().int(),
  /** False: the branch office uses the defaults. */
  custom: z.boolean(),
});
export type IncidentThresholdsResponse = z.infer<typeof incidentThresholdsResponseSchema>;

/** `GET Incident/trip/{intermediateRouteId}`: the path parameter. */
export const incidentTripParamsSchema = z.object({ intermediateRouteId: idSchema });
/** `PUT Incident/acknowledge`'s answer. */
export const INCIDENT_ACKNOWLEDGED_MESSAGE = "Incidencia atendida";

/** `GET Incident/trip/{intermediateRouteId}`: one trip on the map, against its plan. */
export const incidentTripViewSchema = z.object({
  intermediateRouteId: z.number().int(),
  routeName: z.string(),
  driverName: z.string().nullable(),
  supplierName: z.string().nullable(),
  /** InProgress | Finished | … (the trip's status). */
  status: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** `trace`: a recent good trip of the route; `stops`: the line through the stops. */
  plannedPathSource: z.enum(["trace", "stops"]).nullable(),
  plannedPath: z.array(z.tuple([z.number(), z.number()])),
  stops: z.array(
    z.object({
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      /** HH:mm. */
      plannedTime: z.string().nullable(),
    }),
  ),
  /** The trip's own positions, [latitude, longitude], in order. */
  trace: z.array(z.tuple([z.number(), z.number()])),
  incidents: z.array(incidentItemSchema),
});
export type IncidentTripView = z.infer<typeof incidentTripViewSchema>;

/** What Treiber App tells a rider about their bus (Web Push, or in the page without it). */
export const RIDER_ALERT_KINDS = ["DEPARTED", "NEAR", "LATE"] as const;
export type RiderAlertKind = (typeof RIDER_ALERT_KINDS)[number];
/** NEAR is told when the predicted arrival at the rider's stop crosses this many minutes. */
export const RIDER_NEAR_MINUTES = 5;
export const riderAlertText = (kind: RiderAlertKind, minutes: number | null): string =>
  kind === "DEPARTED"
    ? "Tu bus salió"
    : kind === "NEAR"
      ? `Tu bus llega en ~${minutes ?? RIDER_NEAR_MINUTES} min`
      : `Tu bus va con ${minutes ?? 0} min de retraso`;
/** The hub's `ReceiveRiderAlert` and the Web Push payload. */
export const riderAlertSchema = z.object({
  kind: z.enum(RIDER_ALERT_KINDS),
  intermediateRouteId: z.number().int(),
  routeName: z.string(),
  minutes: z.number().int().nullable(),
  /** riderAlertText(kind, minutes). */
  text: z.string(),
  /** ISO instant. */
  at: z.string(),
});
export type RiderAlert = z.infer<typeof riderAlertSchema>;

/** Web Push (Treiber App's «Avisos de mi bus»): the browser's subscription, as `PushSubscription.toJSON()`. */
export const PUSH_MESSAGES = {
  endpoint:
    "La suscripción debe tener una dirección https:// de un servicio de notificaciones de Internet (no una IP ni un nombre interno)",
  /** The endpoint is another user's (issue 32): it is never moved over. */
  taken: "Esta suscripción de avisos ya pertenece a otra cuenta; no se puede usar con la suya",
  keys: "Las claves de la suscripción son inválidas",
  subscribed: "Avisos activados",
  unsubscribed: "Avisos desactivados",
} as const;
const base64url = (min: number, max: number) =>
  z
    .string({ message: PUSH_MESSAGES.keys })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keys)
    .min(min, PUSH_MESSAGES.keys)
    .max(max, PUSH_MESSAGES.keys);
/**
 * An https URL of a push service on the Internet: a public domain name, never an IP address in any
 * notation, a single label or an internal name (`pushEndpointProblem`, issue 32).
 */
export const pushEndpointSchema = z
  .string({ message: PUSH_MESSAGES.endpoint })
  .max(2048, PUSH_MESSAGES.endpoint)
  .refine((value) => pushEndpointProblem(value) === undefined, PUSH_MESSAGES.endpoint);
/** `POST Push/subscription`: p256dh is the 65-byte P-256 point, auth 16 bytes (base64url). */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(22, 24) }, { message: PUSH_MESSAGES.keys }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionSchema>;
/** `DELETE Push/subscription`. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });
/** `GET Push/publicKey`: the server's VAPID public key (base64url), the app's `applicationServerKey`. */
export const pushPublicKeyResponseSchema = z.object({ publicKey: z.string() });
