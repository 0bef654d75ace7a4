import { z } from "zod";
import { latitudeSchema, longitudeSchema } from "./common.js";

/**
 * The pieces every field action of Treiber App shares (design §8): a client-generated `actionId`
 * applied at most once per user, and the device's time and position of an offline action, checked
 * by the server (docs/decisions/0017-offline-action-times.md).
 */

export const ACTION_ID_MESSAGE = "Identificador de acción inválido (UUID)";
export const DEVICE_TIME_MESSAGE = "Fecha y hora inválidas (ISO 8601)";
/** How far a device clock may be off: device times up to this much outside the bounds are accepted. */
export const DEVICE_TIME_TOLERANCE_MS = 2 * 60_000;
export const BEFORE_TRIP_START_MESSAGE = "La hora indicada es anterior al inicio de la ruta";
export const IN_THE_FUTURE_MESSAGE = "La hora indicada es posterior a la hora del servidor";
export const START_TOO_EARLY_MESSAGE =
  "La hora de inicio es anterior al fin de su última ruta o a hace más de 12 horas";
export const END_BEFORE_LAST_BOARDING_MESSAGE = "La hora de fin es anterior al último abordaje de la ruta";
export const ACTION_ID_REUSED_MESSAGE = "El identificador de acción ya se usó en otra operación";
/** The same action id sent again with other data (issue 21): refused, the first answer is not replayed. */
export const ACTION_ID_OTHER_PAYLOAD_MESSAGE = "El identificador de acción ya se usó con otros datos";
export const MANUAL_REASON_MAX = 300;

/** A client-generated id that makes a field action safe to retry (applied at most once per user). */
export const actionIdSchema = z.uuid({ message: ACTION_ID_MESSAGE });
/** `actionId`, optional on every field action. */
export const actionIdShape = { actionId: actionIdSchema.optional() };
/** A device time (ISO 8601 with zone), e.g. when an offline scan happened. */
export const deviceTimeSchema = z.iso.datetime({ offset: true, message: DEVICE_TIME_MESSAGE });
/** Where and when the phone recorded a boarding (all optional: absent = now, no position). */
export const boardingEvidenceShape = {
  scannedAt: deviceTimeSchema.optional(),
  latitude: latitudeSchema.optional(),
  longitude: longitudeSchema.optional(),
};

/** How a boarding was recorded: `qr` (scan) or `manual` (driver, with a reason). */
export const BOARDING_METHODS = ["qr", "manual"] as const;
export const boardingMethodSchema = z.enum(BOARDING_METHODS);
export type BoardingMethod = z.infer<typeof boardingMethodSchema>;

/** Most actions one `FieldAction/batch` request carries (an outage's queue, sent in one request). */
export const FIELD_BATCH_MAX = 25;
export const FIELD_BATCH_PATH_MESSAGE = "Acción no permitida en un lote";

/** One queued field action as the outbox keeps it: method, path under `/api/v1`, body. */
export const fieldBatchActionSchema = z.object({
  method: z.enum(["POST", "PUT"]),
  path: z.string().min(1).max(200),
  body: z.record(z.string(), z.unknown()),
});

/** `POST FieldAction/batch`: the outbox's queue, oldest first. */
export const fieldBatchRequestSchema = z.object({
  actions: z.array(fieldBatchActionSchema).min(1).max(FIELD_BATCH_MAX),
});

/** Each action's answer, in order, as if it had been sent alone (status code and body). */
export const fieldBatchResponseSchema = z.object({
  results: z.array(z.object({ statusCode: z.number().int(), body: z.unknown() })),
});

export type FieldBatchAction = z.infer<typeof fieldBatchActionSchema>;
export type FieldBatchResponse = z.infer<typeof fieldBatchResponseSchema>;
