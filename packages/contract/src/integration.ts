import { z } from "zod";
import {
  datedListQuerySchema,
  filterIdSchema,
  idSchema,
  listResponseSchema,
  requiredText,
} from "./common.js";

/**
 * Issue 39: Treiber fits the company's systems — API keys, signed webhooks, reports by e-mail on
 * a schedule, and an append-only audit trail. (Company sign-in, OpenID Connect, in auth.ts.)
 */

// ── API keys ───────────────────────────────────────────────────────────────
export const API_KEY_SCOPES = [
  "reports:read",
  "people:write",
  "routes:read",
  "trips:read",
  "webhooks:manage",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  "reports:read": "Leer reportes y cortes",
  "people:write": "Crear y editar colaboradores y choferes",
  "routes:read": "Leer rutas, turnos y paradas",
  "trips:read": "Leer viajes y abordajes",
  "webhooks:manage": "Administrar webhooks",
};
/** Every key starts with it (`trb_` + 43 base64url characters: 256 random bits). */
export const API_KEY_PREFIX = "trb_";
/** Requests a key may make per minute (its own limit, apart from people's). */
export const API_KEY_RATE_LIMIT_PER_MINUTE = 600;

export const INTEGRATION_MESSAGES = {
  scopes: "Elija al menos un permiso válido",
  keyNotFound: "Clave de API no encontrada",
  keyRevoked: "Clave de API revocada",
  keyScope: "La clave de API no tiene permiso para esta operación",
  keyRateLimit: "La clave de API superó su límite de solicitudes por minuto",
  webhookNotFound: "Webhook no encontrado",
  webhookUrl: "La URL debe ser https:// (o http://) de un servidor accesible",
  webhookPrivate: "La URL apunta a una dirección privada o local; no se permite",
  webhookEvents: "Elija al menos un evento válido",
  deliveryNotFound: "Entrega no encontrada",
  replayed: "Entrega programada de nuevo",
  scheduleNotFound: "Envío programado no encontrado",
  recipients: "Indique de 1 a 20 correos válidos",
  weekday: "Indique el día de la semana (1 = lunes … 7 = domingo)",
  monthDay: "Indique el día del mes (1 a 28)",
  time: "Hora inválida (HH:mm)",
  report: "Reporte inválido",
  scheduleFilters: "Filtro inválido para este reporte",
  scheduleDeleted: "Envío programado eliminado",
} as const;

export const apiKeyCreateSchema = z.object({
  name: requiredText(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { message: INTEGRATION_MESSAGES.scopes }), {
      message: INTEGRATION_MESSAGES.scopes,
    })
    .min(1, INTEGRATION_MESSAGES.scopes)
    .max(API_KEY_SCOPES.length, INTEGRATION_MESSAGES.scopes)
    .transform((scopes) => [...new Set(scopes)]),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateSchema>;
/** Shown once: only its SHA-256 is kept. */
export const apiKeyCreateResponseSchema = z.object({ id: z.number().int(), key: z.string() });
export type ApiKeyCreateResponse = z.infer<typeof apiKeyCreateResponseSchema>;
export const apiKeyItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** `trb_` and the first 4 characters after it, to recognise the key. */
  prefix: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyItem = z.infer<typeof apiKeyItemSchema>;
export const apiKeyListResponseSchema = listResponseSchema(apiKeyItemSchema);
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;
export const integrationIdParamsSchema = z.object({ id: idSchema });

// ── Webhooks (Standard Webhooks signatures) ────────────────────────────────
export const WEBHOOK_EVENTS = [
  "trip.started",
  "trip.finished",
  "boarding.created",
  "incident.opened",
  "incident.closed",
  "booking.changed",
  "cut.created",
  "employee.changed",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "trip.started": "Viaje iniciado",
  "trip.finished": "Viaje finalizado",
  "boarding.created": "Abordaje registrado",
  "incident.opened": "Incidencia abierta",
  "incident.closed": "Incidencia cerrada",
  "booking.changed": "Reserva cambiada",
  "cut.created": "Corte creado",
  "employee.changed": "Colaborador cambiado",
};
/** A delivery is retried with backoff for this long after the event (then marked failed). */
export const WEBHOOK_RETRY_HOURS = 24;
/** The receiver must answer 2xx within this many seconds. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;

export const webhookCreateSchema = z.object({
  url: z
    .string({ message: INTEGRATION_MESSAGES.webhookUrl })
    .trim()
    .max(2048, INTEGRATION_MESSAGES.webhookUrl)
    .pipe(z.url({ protocol: /^https?$/, message: INTEGRATION_MESSAGES.webhookUrl })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { message: INTEGRATION_MESSAGES.webhookEvents }), {
      message: INTEGRATION_MESSAGES.webhookEvents,
    })
    .min(1, INTEGRATION_MESSAGES.webhookEvents)
    .max(WEBHOOK_EVENTS.length, INTEGRATION_MESSAGES.webhookEvents)
    .transform((events) => [...new Set(events)]),
  description: z.string().trim().max(200).optional(),
});
export type WebhookCreateRequest = z.input<typeof webhookCreateSchema>;
/** `secret` is `whsec_` + base64 of 32 random bytes (Standard Webhooks), shown once. */
export const webhookCreateResponseSchema = z.object({ id: z.number().int(), secret: z.string() });
export type WebhookCreateResponse = z.infer<typeof webhookCreateResponseSchema>;
export const webhookItemSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  description: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** Deliveries still pending (waiting for a retry) and failed for good in the last 24 h. */
  pending: z.number().int(),
  failed: z.number().int(),
  lastDeliveryAt: z.string().nullable(),
});
export type WebhookItem = z.infer<typeof webhookItemSchema>;
export const webhookListResponseSchema = listResponseSchema(webhookItemSchema);
export type WebhookListResponse = z.infer<typeof webhookListResponseSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  PENDING: "Pendiente",
  SUCCEEDED: "Entregada",
  FAILED: "Fallida",
};
export const webhookDeliveriesQuerySchema = datedListQuerySchema.safeExtend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { message: "Estado inválido" }).optional(),
});
export const webhookDeliveryItemSchema = z.object({
  id: z.number().int(),
  webhookId: z.number().int(),
  /** The `webhook-id` header: the same on every retry and replay. */
  messageId: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  /** The JSON body sent: `{ type, timestamp, data }`. */
  payload: z.unknown(),
});
export type WebhookDeliveryItem = z.infer<typeof webhookDeliveryItemSchema>;
export const webhookDeliveryListResponseSchema = listResponseSchema(webhookDeliveryItemSchema);
export type WebhookDeliveryListResponse = z.infer<typeof webhookDeliveryListResponseSchema>;

// ── Reports by e-mail ──────────────────────────────────────────────────────
/** The Excel exports a schedule may send (keys of the API paths table). */
export const SCHEDULED_REPORTS = [
  "branchOffice",
  "employee",
  "driver",
  "route",
  "routeNotScheduled",
  "booking",
  "incident",
  "safeArrival",
  "savings",
  "cutGeneral",
] as const;
export type ScheduledReport = (typeof SCHEDULED_REPORTS)[number];
export const SCHEDULED_REPORT_LABELS: Record<ScheduledReport, string> = {
  branchOffice: "Reporte Sucursales",
  employee: "Reporte Colaboradores",
  driver: "Reporte Choferes",
  route: "Reporte Rutas",
  routeNotScheduled: "Reporte Rutas No Programdas",
  booking: "Reporte Reservas",
  incident: "Reporte Incidencias",
  safeArrival: "Llegadas seguras",
  savings: "Reporte Ahorro",
  cutGeneral: "Corte general",
};
export const SCHEDULE_FREQUENCIES = ["daily", "weekly", "monthly"] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];
export const SCHEDULE_FREQUENCY_LABELS: Record<ScheduleFrequency, string> = {
  daily: "Diario (el día anterior)",
  weekly: "Semanal (los 7 días anteriores)",
  monthly: "Mensual (el mes anterior)",
};
export const reportScheduleCreateSchema = z
  .object({
    report: z.enum(SCHEDULED_REPORTS, { message: INTEGRATION_MESSAGES.report }),
    frequency: z.enum(SCHEDULE_FREQUENCIES, { message: "Frecuencia inválida" }),
    /** Local time of the branch offices' clock, HH:mm. */
    time: z
      .string({ message: INTEGRATION_MESSAGES.time })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, INTEGRATION_MESSAGES.time),
    /** Weekly: ISO weekday 1 (Monday) … 7. */
    weekday: z
      .number()
      .int()
      .min(1, INTEGRATION_MESSAGES.weekday)
      .max(7, INTEGRATION_MESSAGES.weekday)
      .optional(),
    /** Monthly: the day of the month 1 … 28. */
    monthDay: z
      .number()
      .int()
      .min(1, INTEGRATION_MESSAGES.monthDay)
      .max(28, INTEGRATION_MESSAGES.monthDay)
      .optional(),
    recipients: z
      .array(z.email({ message: INTEGRATION_MESSAGES.recipients }).max(254), {
        message: INTEGRATION_MESSAGES.recipients,
      })
      .min(1, INTEGRATION_MESSAGES.recipients)
      .max(20, INTEGRATION_MESSAGES.recipients),
    /** The report's own filters but the dates (the period comes from the frequency). */
    filters: z.record(z.string().max(40), z.union([z.string().max(200), z.number()])).default({}),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === "weekly" && value.weekday === undefined)
      ctx.addIssue({ code: "custom", path: ["weekday"], message: INTEGRATION_MESSAGES.weekday });
    if (value.frequency === "monthly" && value.monthDay === undefined)
      ctx.addIssue({ code: "custom", path: ["monthDay"], message: INTEGRATION_MESSAGES.monthDay });
  });
export type ReportScheduleCreateRequest = z.input<typeof reportScheduleCreateSchema>;
export const reportScheduleItemSchema = z.object({
  id: z.number().int(),
  report: z.enum(SCHEDULED_REPORTS),
  frequency: z.enum(SCHEDULE_FREQUENCIES),
  time: z.string(),
  weekday: z.number().int().nullable(),
  monthDay: z.number().int().nullable(),
  recipients: z.array(z.string()),
  filters: z.record(z.string(), z.union([z.string(), z.number()])),
  createdBy: z.string().nullable(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  /** `sent` | `failed` (its error) of the last run. */
  lastStatus: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type ReportScheduleItem = z.infer<typeof reportScheduleItemSchema>;
export const reportScheduleListQuerySchema = z.object({
  report: z.enum(SCHEDULED_REPORTS, { message: INTEGRATION_MESSAGES.report }).optional(),
});
export const reportScheduleListResponseSchema = listResponseSchema(reportScheduleItemSchema);
export type ReportScheduleListResponse = z.infer<typeof reportScheduleListResponseSchema>;
export const reportScheduleRunSchema = z.object({
  id: z.number().int(),
  scheduledFor: z.string(),
  ranAt: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  periodFrom: z.string(),
  periodUntil: z.string(),
});
export const reportScheduleRunsResponseSchema = z.object({ list: z.array(reportScheduleRunSchema) });

// ── Audit trail ────────────────────────────────────────────────────────────
export const auditListQuerySchema = datedListQuerySchema.safeExtend({
  entity: z.string().trim().max(60).optional(),
  entityId: z.string().trim().max(60).optional(),
  userId: filterIdSchema,
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export const auditItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  apiKeyId: z.number().int().nullable(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** `create` | `update` | `delete` | `status` | … (the operation). */
  action: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
});
export type AuditItem = z.infer<typeof auditItemSchema>;
export const auditListResponseSchema = listResponseSchema(auditItemSchema);
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

// ---- Sign-in with the company account (issue 39, decision 0087) ----

/** GET Auth/signInOptions: the login pages offer «Entrar con <name>» when `companySignIn` is set. */
export const signInOptionsResponseSchema = z.object({
  companySignIn: z.object({ name: z.string() }).nullable(),
});
export type SignInOptionsResponse = z.infer<typeof signInOptionsResponseSchema>;

/** GET Auth/oidc/start?app=web|field: which login page the session goes back to. */
export const oidcStartQuerySchema = z.object({ app: z.enum(["web", "field"]).default("web") });

/** GET Auth/oidc/callback: what the identity provider sends back (RFC 6749 §4.1.2, RFC 9207). */
export const oidcCallbackQuerySchema = z
  .object({
    code: z.string().max(4096).optional(),
    state: z.string().max(512).optional(),
    iss: z.string().max(2048).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
    session_state: z.string().max(512).optional(),
  })
  .loose();

/** POST Auth/oidc/session: the one-time hand-off code the callback left in the page's address. */
export const oidcSessionRequestSchema = z.object({
  code: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "Código inválido"),
});
export type OidcSessionRequest = z.infer<typeof oidcSessionRequestSchema>;
