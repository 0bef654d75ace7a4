import { z } from "zod";
import { CUTOFF_MINUTES_MAX, CUTOFF_MINUTES_MESSAGE } from "./bookings.js";
import {
  bodyIdSchema,
  filterIdSchema,
  listQuerySchema,
  listResponseSchema,
  numberField,
  REQUIRED_MESSAGE,
  requiredText,
  statusSchema,
} from "./common.js";
import {
  DEPARTURE_TIME_MESSAGE,
  DEPARTURE_TIME_PATTERN,
  dayIdsSchema,
  routeDayItemSchema,
  SHIFT_DIRECTIONS,
  type ShiftDirection,
} from "./route-planning.js";
import { CIRCUITY_RANGE, SPEED_RANGE_KMH } from "./travel-model.js";

export { SHIFT_DIRECTIONS, type ShiftDirection };

/**
 * Shifts (turnos) of a branch office (issue 23, decision 0048). `inbound` (Entrada): the riders
 * arrive at the workplace by the shift's time, picked up at their stops before it. `outbound`
 * (Salida): they leave the workplace at the shift's time and are dropped at their stops after it.
 */
export const SHIFT_DIRECTION_LABELS: Record<ShiftDirection, string> = {
  inbound: "Entrada",
  outbound: "Salida",
};
export const SHIFT_DIRECTION_MESSAGE = "Dirección inválida (entrada o salida)";
export const SHIFT_NAME_DUPLICATE_MESSAGE = "Ya existe un turno con este nombre en la sucursal";
export const SHIFT_NOT_FOUND_MESSAGE = "Turno no encontrado";
export const SHIFT_PAGE_SIZE = 10;

export const shiftDirectionSchema = z.enum(SHIFT_DIRECTIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null ? REQUIRED_MESSAGE : SHIFT_DIRECTION_MESSAGE,
});

/** A time of day `HH:mm` (00:00–23:59). */
export const timeOfDaySchema = z
  .string({ message: REQUIRED_MESSAGE })
  .trim()
  .min(1, REQUIRED_MESSAGE)
  .regex(DEPARTURE_TIME_PATTERN, DEPARTURE_TIME_MESSAGE);

export const TRAVEL_SPEED_MESSAGE = `La velocidad debe estar entre ${SPEED_RANGE_KMH[0]} y ${SPEED_RANGE_KMH[1]} km/h`;
// Numbers as the back office writes them (Dominican decimal point): «entre 1 y 2.5».
export const TRAVEL_CIRCUITY_MESSAGE = `El desvío debe estar entre ${CIRCUITY_RANGE[0]} y ${CIRCUITY_RANGE[1]}`;

/**
 * The shift's own travel model (issue 33): a moving speed in km/h and a circuity that replace the
 * branch office's calibration for this shift. Absent keeps what is stored; null goes back to the
 * calculated values («Volver a los valores calculados»).
 */
export const travelSpeedKmhSchema = numberField(TRAVEL_SPEED_MESSAGE)
  .refine(Number.isFinite, TRAVEL_SPEED_MESSAGE)
  .refine((v) => v >= SPEED_RANGE_KMH[0] && v <= SPEED_RANGE_KMH[1], TRAVEL_SPEED_MESSAGE)
  .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6, "La velocidad admite como máximo 1 decimal");
export const travelCircuitySchema = numberField(TRAVEL_CIRCUITY_MESSAGE)
  .refine(Number.isFinite, TRAVEL_CIRCUITY_MESSAGE)
  .refine((v) => v >= CIRCUITY_RANGE[0] && v <= CIRCUITY_RANGE[1], TRAVEL_CIRCUITY_MESSAGE)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "El desvío admite como máximo 2 decimales");

/**
 * The shift's bookings (issue 35, decision 0064): `confirmationRequired` (opt-in: riders confirm
 * each day), and the cut-off: `cutoffDayBeforeTime` «el día anterior a las HH:mm» when set, else
 * `cutoffMinutes` before the route's first planned stop (default 120). Absent keeps what is stored.
 */
export const cutoffMinutesSchema = numberField(CUTOFF_MINUTES_MESSAGE)
  .int(CUTOFF_MINUTES_MESSAGE)
  .min(0, CUTOFF_MINUTES_MESSAGE)
  .max(CUTOFF_MINUTES_MAX, CUTOFF_MINUTES_MESSAGE);
export const shiftBookingShape = {
  confirmationRequired: z.boolean({ message: "Valor inválido" }).optional(),
  cutoffMinutes: cutoffMinutesSchema.optional(),
  cutoffDayBeforeTime: timeOfDaySchema.nullable().optional(),
  /** «Automático» (issue 36): the plan of the day is applied at each cut-off. Absent keeps what is stored. */
  dayPlanAuto: z.boolean({ message: "Valor inválido" }).optional(),
};

export const shiftCreateRequestSchema = z.object({
  branchOfficeId: bodyIdSchema,
  name: requiredText(60),
  direction: shiftDirectionSchema,
  time: timeOfDaySchema,
  dayIds: dayIdsSchema,
  travelSpeedKmh: travelSpeedKmhSchema.nullable().optional(),
  travelCircuity: travelCircuitySchema.nullable().optional(),
  ...shiftBookingShape,
});
export type ShiftCreateRequest = z.infer<typeof shiftCreateRequestSchema>;

export const shiftUpdateRequestSchema = shiftCreateRequestSchema.extend({ id: bodyIdSchema });
export type ShiftUpdateRequest = z.infer<typeof shiftUpdateRequestSchema>;

export const shiftSavedResponseSchema = z.object({ id: z.number().int(), message: z.string() });
export type ShiftSavedResponse = z.infer<typeof shiftSavedResponseSchema>;

/** `GET Shift/list`: paging and search on the name; `branchOfficeId` absent or 0 = every branch office. */
export const shiftListQuerySchema = listQuerySchema.extend({ branchOfficeId: filterIdSchema });
export type ShiftListQuery = z.infer<typeof shiftListQuerySchema>;

export const shiftListItemSchema = z.object({
  id: z.number().int(),
  branchOfficeId: z.number().int(),
  branchOfficeName: z.string(),
  name: z.string(),
  direction: z.enum(SHIFT_DIRECTIONS),
  time: z.string(),
  days: z.array(routeDayItemSchema),
  status: statusSchema,
  createdDate: z.string(),
  /** Scheduled routes serving the shift. */
  amountRoutes: z.number().int(),
  /** The shift's own travel model; null: the branch office's calibration (or the defaults). */
  travelSpeedKmh: z.number().nullable(),
  travelCircuity: z.number().nullable(),
  /** Bookings: opt-in, and the cut-off (`cutoffDayBeforeTime` wins when set). */
  confirmationRequired: z.boolean(),
  cutoffMinutes: z.number().int(),
  cutoffDayBeforeTime: z.string().nullable(),
  /** «Automático»: the plan of the day is applied at the cut-off (issue 36). */
  dayPlanAuto: z.boolean(),
});
export type ShiftListItem = z.infer<typeof shiftListItemSchema>;
export const shiftListResponseSchema = listResponseSchema(shiftListItemSchema);
export type ShiftListResponse = z.infer<typeof shiftListResponseSchema>;
