import { z } from "zod";
import {
  bodyIdSchema,
  datedListQuerySchema,
  filterIdSchema,
  idSchema,
  latitudeSchema,
  listResponseSchema,
  longitudeSchema,
} from "./common.js";
import { actionIdSchema, actionIdShape, deviceTimeSchema } from "./field-actions.js";

/**
 * Safety (issue 38): an SOS from Treiber App, a trip a rider shares with people without an
 * account, and the night riders' safe-arrival check. Incident types `SOS` and
 * `SAFE_ARRIVAL_UNCONFIRMED` live with the others in incidents.ts.
 */

// ── SOS ─────────────────────────────────────────────────────────────────────
/** The control needs a deliberate gesture: held this long… */
export const SOS_HOLD_MS = 2_000;
/** …then a countdown that can be cancelled before anything is sent. */
export const SOS_COUNTDOWN_SECONDS = 5;
/** A rider keeps the SOS control this long after their drop (the walk home). */
export const SOS_AFTER_DROP_MINUTES = 30;
/** After an SOS the phone sends its position this long, every SOS_POSITION_INTERVAL_SECONDS. */
export const SOS_FOLLOW_MINUTES = 30;
export const SOS_POSITION_INTERVAL_SECONDS = 10;
/** At most this many SOS per person and rolling hour; the first ones always stay open. */
export const SOS_HOURLY_LIMIT = 3;

export const SAFETY_MESSAGES = {
  sosSent: "Alerta SOS enviada al centro de control",
  sosLimit: `Ya envió ${SOS_HOURLY_LIMIT} alertas SOS en la última hora; siguen abiertas en el centro de control. Si necesita ayuda, llame al número de emergencia`,
  sosNotFollowed: "Esta alerta SOS ya no recibe posiciones",
  notOnTrip: "No va en este viaje",
  tripNotFound: "Viaje no encontrado",
  positionSaved: "Posición registrada",
  closeNote: "Escriba una nota para cerrar la incidencia",
  closeOutcome: "Indique el resultado: Atendida o Falsa alarma",
  closeManualOnly: "Solo las alertas SOS y las llegadas sin confirmar se cierran a mano",
  closed: "Incidencia cerrada",
  shareEnded: "El viaje ya terminó; no se puede compartir",
  shareNotFound: "Enlace no disponible: venció o fue revocado",
  shareRevoked: "Enlace revocado",
  checkNotFound: "Confirmación no encontrada",
  arrived: "Gracias, registramos que llegó bien",
  emergencyPhone: "Teléfono de emergencia incorrecto: (809) 555-1234 o un número corto como 911",
  emergencyEmails: "Hasta 10 correos de contacto de emergencia válidos",
  delayAsk: "Indique minutos entre 1 y 180",
  delayWait: "Indique minutos entre 1 y 120",
} as const;

/** `POST Sos` (Treiber App, through the outbox): where and when the phone raised it. */
export const sosRequestSchema = z.object({
  /** The trip the person is on or was dropped from (absent: the server finds it, if any). */
  intermediateRouteId: bodyIdSchema.optional(),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  /** Metres (the phone's GPS accuracy). */
  accuracy: z.number().min(0).max(100_000).optional(),
  /** The phone's time when the countdown ended (queued offline: earlier than the server's). */
  recordedAt: deviceTimeSchema,
  actionId: actionIdSchema,
});
export type SosRequest = z.infer<typeof sosRequestSchema>;
export const sosResponseSchema = z.object({
  incidentId: z.number().int(),
  /** ISO instant until which the phone sends its position (`POST Sos/position`). */
  followUntil: z.string(),
  message: z.string(),
});
export type SosResponse = z.infer<typeof sosResponseSchema>;

/** `POST Sos/position`: the phone's position after its SOS (every 10 s for 30 min, trip or not). */
export const sosPositionRequestSchema = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  accuracy: z.number().min(0).max(100_000).optional(),
  recordedAt: deviceTimeSchema,
  ...actionIdShape,
});
export type SosPositionRequest = z.infer<typeof sosPositionRequestSchema>;

/** One followed position: `GET Sos/{incidentId}/positions` and the hub's `ReceiveSosPosition`. */
export const sosPositionSchema = z.object({
  incidentId: z.number().int(),
  latitude: z.number(),
  longitude: z.number(),
  accuracy: z.number().nullable(),
  /** ISO instant (the phone's time). */
  at: z.string(),
});
export type SosPosition = z.infer<typeof sosPositionSchema>;
export const sosIncidentParamsSchema = z.object({ incidentId: idSchema });
/** `GET Sos/{incidentId}/positions`: who raised it and the trail, oldest first. */
export const sosPositionsResponseSchema = z.object({
  incidentId: z.number().int(),
  personName: z.string(),
  personPhone: z.string().nullable(),
  followUntil: z.string(),
  list: z.array(sosPositionSchema),
});
export type SosPositionsResponse = z.infer<typeof sosPositionsResponseSchema>;

/**
 * `GET Sos/contact` (Treiber App, cached for offline): the branch office's emergency number for the
 * `tel:` offer, and whether the SOS control shows now (on a trip, or within 30 min of the drop).
 */
export const sosContactResponseSchema = z.object({
  branchOfficeName: z.string().nullable(),
  emergencyPhone: z.string().nullable(),
  /** The trip the control is for now (on it or dropped ≤ 30 min ago), else null. */
  intermediateRouteId: z.number().int().nullable(),
  /** ISO instant the control hides (drop + 30 min); null while the trip runs or without a trip. */
  availableUntil: z.string().nullable(),
  /** The person's SOS still followed (position sending), if any. */
  followUntil: z.string().nullable(),
});
export type SosContactResponse = z.infer<typeof sosContactResponseSchema>;

// ── Closing a safety incident ──────────────────────────────────────────────
export const SAFETY_OUTCOMES = ["ATTENDED", "FALSE_ALARM"] as const;
export type SafetyOutcome = (typeof SAFETY_OUTCOMES)[number];
export const SAFETY_OUTCOME_LABELS: Record<SafetyOutcome, string> = {
  ATTENDED: "Atendida",
  FALSE_ALARM: "Falsa alarma",
};
/** `PUT Incident/close` (Admin, SuperAdmin): SOS and SAFE_ARRIVAL_UNCONFIRMED only, never auto-closed. */
export const incidentCloseSchema = z.object({
  id: idSchema,
  note: z
    .string({ message: SAFETY_MESSAGES.closeNote })
    .trim()
    .min(1, SAFETY_MESSAGES.closeNote)
    .max(500, "La nota admite hasta 500 caracteres"),
  outcome: z.enum(SAFETY_OUTCOMES, { message: SAFETY_MESSAGES.closeOutcome }),
});
export type IncidentCloseRequest = z.input<typeof incidentCloseSchema>;

// ── Share my trip ──────────────────────────────────────────────────────────
/** A shared link works until this long after the trip ends (or until revoked). */
export const TRIP_SHARE_AFTER_END_MINUTES = 30;
/** …and never longer than this from its creation (a trip left open does not share forever). */
export const TRIP_SHARE_MAX_HOURS = 12;
/** How often the public page asks again (s). */
export const TRIP_SHARE_REFRESH_SECONDS = 10;
/** The public page's path: `/seguir/<token>`. */
export const TRIP_SHARE_PAGE_PATH = "/seguir";

/** `POST TripShare` (a rider on the trip). */
export const tripShareCreateSchema = z.object({ intermediateRouteId: bodyIdSchema });
export const tripShareCreateResponseSchema = z.object({
  /** Absolute URL of `/seguir/<token>`. */
  url: z.string(),
  /** 256 random bits, base64url (stored hashed). */
  token: z.string(),
  /** ISO instant: the latest the link may live (30 min after the trip ends, 12 h at most). */
  expiresAt: z.string(),
});
export type TripShareCreateResponse = z.infer<typeof tripShareCreateResponseSchema>;
/** `DELETE TripShare/{token}` and the public `GET TripShare/{token}`: unknown or malformed → 404. */
export const tripShareTokenParamsSchema = z.object({ token: z.string().max(200) });

/** `GET TripShare/{token}` (no account): the bus and nothing about other riders. */
export const sharedTripSchema = z.object({
  routeName: z.string(),
  /** Scheduled (not started) | InProgress | Finished. */
  status: z.string(),
  plate: z.string().nullable(),
  /** The driver's first name only. */
  driverFirstName: z.string().nullable(),
  /** The bus's last position, if any. */
  position: z.object({ latitude: z.number(), longitude: z.number(), at: z.string() }).nullable(),
  /** The planned line, [latitude, longitude] (the route's stops or its recent trace). */
  path: z.array(z.tuple([z.number(), z.number()])),
  /** The sharing rider's stop (no other rider's). */
  riderStop: z.object({ name: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  /** Minutes until the bus reaches the rider's stop (null: unknown, passed or finished). */
  etaMinutes: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;

// ── Safe arrival at night ──────────────────────────────────────────────────
export const SAFE_ARRIVAL_DEFAULTS = {
  nightStart: "20:00",
  nightEnd: "06:00",
  /** «¿Llegó bien?» this long after the bus passed the rider's stop. */
  askAfterMinutes: 20,
  /** No answer this long after asking: SAFE_ARRIVAL_UNCONFIRMED. */
  waitMinutes: 15,
} as const;
export const SAFE_ARRIVAL_QUESTION = "¿Llegó bien?";

/** The rider's pending check (`GET SafeArrival/pending`, the hub's `ReceiveSafeArrivalCheck`, the push). */
export const safeArrivalCheckSchema = z.object({
  id: z.number().int(),
  intermediateRouteId: z.number().int(),
  routeName: z.string(),
  stopName: z.string().nullable(),
  /** ISO instants: the drop, when it is asked, when it escalates. */
  droppedAt: z.string(),
  askAt: z.string(),
  escalateAt: z.string(),
});
export type SafeArrivalCheck = z.infer<typeof safeArrivalCheckSchema>;
export const safeArrivalPendingResponseSchema = z.object({ list: z.array(safeArrivalCheckSchema) });

/** `POST SafeArrival/confirm` (the rider, «Sí»): through the outbox with its actionId. */
export const safeArrivalConfirmSchema = z.object({ id: idSchema, ...actionIdShape });
/**
 * `POST SafeArrival/answer` (no session): «Sí» from the push notification, with the one-time token
 * the push carried (the service worker holds no session).
 */
export const safeArrivalAnswerSchema = z.object({ token: z.string().min(1).max(200) });

export const SAFE_ARRIVAL_STATUSES = ["WAITING", "ASKED", "CONFIRMED", "UNCONFIRMED"] as const;
export type SafeArrivalStatus = (typeof SAFE_ARRIVAL_STATUSES)[number];
export const SAFE_ARRIVAL_STATUS_LABELS: Record<SafeArrivalStatus, string> = {
  WAITING: "Por preguntar",
  ASKED: "Preguntado",
  CONFIRMED: "Llegó bien",
  UNCONFIRMED: "Sin confirmar",
};

/** `GET SafeArrival/report`: night drops and their confirmation (Admin, SuperAdmin). */
export const safeArrivalReportQuerySchema = datedListQuerySchema.safeExtend({
  branchOfficeId: filterIdSchema,
  status: z.enum(SAFE_ARRIVAL_STATUSES, { message: "Estado inválido" }).optional(),
});
export type SafeArrivalReportQuery = z.infer<typeof safeArrivalReportQuerySchema>;
export const safeArrivalReportItemSchema = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD (the branch office's local day of the trip). */
  serviceDay: z.string(),
  employeeName: z.string(),
  routeName: z.string(),
  intermediateRouteId: z.number().int(),
  branchOfficeName: z.string().nullable(),
  stopName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  droppedAt: z.string(),
  askedAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  /** `app` | `push` (where «Sí» came from). */
  confirmedVia: z.string().nullable(),
  status: z.enum(SAFE_ARRIVAL_STATUSES),
  incidentId: z.number().int().nullable(),
  /** Who attended the incident and its outcome, when closed. */
  attendedBy: z.string().nullable(),
  outcome: z.enum(SAFETY_OUTCOMES).nullable(),
});
export type SafeArrivalReportItem = z.infer<typeof safeArrivalReportItemSchema>;
export const safeArrivalReportResponseSchema = listResponseSchema(safeArrivalReportItemSchema);
export type SafeArrivalReportResponse = z.infer<typeof safeArrivalReportResponseSchema>;
/** The «Llegadas seguras» report's Excel (`GET SafeArrival/report/excel`, same query). */
export const SAFE_ARRIVAL_REPORT_FILE_NAME = "ReporteLlegadasSeguras.xlsx";

// ── Branch office settings ─────────────────────────────────────────────────
const EMERGENCY_PHONE_PATTERN = /^(\(\d{3}\) \d{3}-\d{4}|\d{3,6})$/;
export const emergencyPhoneSchema = z
  .string({ message: SAFETY_MESSAGES.emergencyPhone })
  .trim()
  .regex(EMERGENCY_PHONE_PATTERN, SAFETY_MESSAGES.emergencyPhone)
  .or(z.literal(""))
  .nullish()
  // Absent stays absent (an update keeps what is stored); "" or null clears it.
  .transform((value) => (value === undefined ? undefined : value || null));
export const emergencyEmailsSchema = z
  .array(
    z
      .string({ message: SAFETY_MESSAGES.emergencyEmails })
      .trim()
      .max(254, SAFETY_MESSAGES.emergencyEmails)
      .pipe(z.email({ message: SAFETY_MESSAGES.emergencyEmails }))
      .transform((value) => value.toLowerCase()),
    { message: SAFETY_MESSAGES.emergencyEmails },
  )
  .max(10, SAFETY_MESSAGES.emergencyEmails);
const DAY_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const dayTimeSchema = z.string({ message: "Hora inválida (HH:mm)" }).regex(DAY_TIME, "Hora inválida (HH:mm)");
/**
 * The branch office's safety fields (all optional on create and update: absent keeps what is stored,
 * a new office takes SAFE_ARRIVAL_DEFAULTS and no emergency contact).
 */
export const branchOfficeSafetyShape = {
  emergencyPhone: emergencyPhoneSchema,
  emergencyEmails: emergencyEmailsSchema.nullish(),
  nightStart: dayTimeSchema.nullish(),
  nightEnd: dayTimeSchema.nullish(),
  safeArrivalAskMinutes: z
    .number({ message: SAFETY_MESSAGES.delayAsk })
    .int(SAFETY_MESSAGES.delayAsk)
    .min(1, SAFETY_MESSAGES.delayAsk)
    .max(180, SAFETY_MESSAGES.delayAsk)
    .nullish(),
  safeArrivalWaitMinutes: z
    .number({ message: SAFETY_MESSAGES.delayWait })
    .int(SAFETY_MESSAGES.delayWait)
    .min(1, SAFETY_MESSAGES.delayWait)
    .max(120, SAFETY_MESSAGES.delayWait)
    .nullish(),
};
/** What a branch office item carries of them. */
export const branchOfficeSafetyItemShape = {
  emergencyPhone: z.string().nullable(),
  emergencyEmails: z.array(z.string()),
  nightStart: z.string(),
  nightEnd: z.string(),
  safeArrivalAskMinutes: z.number().int(),
  safeArrivalWaitMinutes: z.number().int(),
};

/** A local time `HH:mm` inside the night window [start, end) that may wrap midnight. */
export function inNightWindow(time: string, start: string, end: string): boolean {
  if (start === end) return false;
  return start < end ? time >= start && time < end : time >= start || time < end;
}

// ── Web Push payloads (Treiber App's service worker tells them by `kind`) ──
/** To every admin of the branch office (and SuperAdmins): an SOS opened. A tap opens the control room. */
export const sosPushSchema = z.object({
  kind: z.literal("SOS"),
  incidentId: z.number().int(),
  /** «SOS: <nombre>». */
  title: z.string(),
  /** The route (if any) and the time. */
  message: z.string(),
  at: z.string(),
});
export type SosPush = z.infer<typeof sosPushSchema>;
/**
 * To the rider: «¿Llegó bien?» with a «Sí» action. `token` is one-time (SHA-256 kept): the service
 * worker answers `POST SafeArrival/answer` with it, without a session.
 */
export const safeArrivalPushSchema = z.object({
  kind: z.literal("SAFE_ARRIVAL"),
  checkId: z.number().int(),
  token: z.string(),
  title: z.string(),
  message: z.string(),
  at: z.string(),
});
export type SafeArrivalPush = z.infer<typeof safeArrivalPushSchema>;
