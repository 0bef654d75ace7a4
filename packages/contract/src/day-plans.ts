import { z } from "zod";
import { bookingDateSchema } from "./bookings.js";
import {
  bodyIdSchema,
  idSchema,
  latitudeSchema,
  longitudeSchema,
  optionalText,
  requiredText,
} from "./common.js";
import { planFiguresSchema, planRouteSchema } from "./plan-figures.js";
import { TRAVEL_BASES } from "./plan-road-legs.js";
import { planParamsSchema } from "./plan-schedule.js";

/**
 * The plan of the day (issue 36): after the cut-off (or on demand) the planner plans one date of a
 * shift to one workplace for who rides that day (the confirmed bookings, and the waitlisted when a
 * seat can be found). Riders keep their stop; the day's plan may change the order of the stops,
 * which of the standing routes' vehicles run, which bus a stop rides and the planned times. It
 * changes that date only: the standing routes stay. Each route of a day plan is a standing route
 * (its id, name, driver and vehicle): a route the day does not need is «liberada» that date.
 */

/** A rider whose pickup time moves by more than this is told (minutes). */
export const DAY_PLAN_NOTIFY_MINUTES = 5;
export const DAY_PLAN_NO_ROUTES_MESSAGE = "El turno no tiene rutas hacia este destino ese día";
export const DAY_PLAN_PAST_MESSAGE = "No se puede planificar un día que ya pasó";
export const DAY_PLAN_CHANGED_MESSAGE =
  "Las reservas o las rutas de ese día cambiaron mientras planificaba: vuelva a proponer el plan del día";
export const DAY_PLAN_STARTED_MESSAGE = "Un viaje de ese día ya empezó: el plan del día no se puede cambiar";

// ---------- POST Planning/day/propose ----------

export const dayPlanProposeRequestSchema = z.object({
  shiftId: bodyIdSchema,
  destinationId: bodyIdSchema,
  /** The service date, local to the branch office (today or later). */
  date: bookingDateSchema,
  /** Search time; absent: the planner's own budget for the problem's size. */
  seconds: z.number().int().min(1).max(60).optional(),
});
export type DayPlanProposeRequest = z.infer<typeof dayPlanProposeRequestSchema>;

/** A rider whose pickup (inbound) or drop (outbound) time, or bus, moves in the day's plan. */
export const dayPlanMovedRiderSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  /** `HH:mm` in the standing plan and in the day's plan. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  /** after − before in minutes (negative: earlier). */
  minutes: z.number().int(),
  routeNameBefore: z.string().nullable(),
  routeNameAfter: z.string().nullable(),
});
export type DayPlanMovedRider = z.infer<typeof dayPlanMovedRiderSchema>;

/** Vehicles, km, cost and CO₂ of one plan of a date (the standing one, the day's, what ran). */
export const dayPlanTotalsSchema = planFiguresSchema.extend({
  /** kg of CO₂ from km × the emission factor of each vehicle's type. */
  co2Kg: z.number(),
});
export type DayPlanTotals = z.infer<typeof dayPlanTotalsSchema>;

export const dayPlanProposalSchema = z.object({
  date: z.string(),
  params: planParamsSchema,
  /** Riders riding that date (confirmed), and the waitlisted the day's plan can seat. */
  riders: z.number().int(),
  waitlistedSeated: z.number().int(),
  /** The standing routes as they would run that date (every active route of the shift there). */
  standing: z.object({ routes: z.array(planRouteSchema), totals: dayPlanTotalsSchema }),
  /** The day's routes: standing routes (routeId set) with that date's stops; released ones absent. */
  day: z.object({ routes: z.array(planRouteSchema), totals: dayPlanTotalsSchema }),
  /** Standing routes the day does not need. */
  released: z.array(
    z.object({
      routeId: z.number().int(),
      name: z.string(),
      driverName: z.string().nullable(),
      vehiclePlate: z.string().nullable(),
    }),
  ),
  moved: z.array(dayPlanMovedRiderSchema),
  /** Riders the day's plan could not seat (with the reason), who keep their standing route. */
  unassigned: z.array(
    z.object({ employeeId: z.number().int(), name: z.string(), lastname: z.string(), reason: z.string() }),
  ),
  /** Send back in Planning/day/apply: changes with the bookings and the routes of that date. */
  version: z.string(),
  seconds: z.number(),
  /**
   * What timed both plans (as Planning/propose): `roads`, the routing server (ROUTING_URL), its legs
   * in `params.roads`; `model`, straight km × circuity at the calibrated speed. Absent: `model`.
   */
  travelSource: z.enum(TRAVEL_BASES).optional(),
  /** Spanish, when the routing server is set but failed and the model timed the day instead. */
  travelNote: z.string().nullable().optional(),
  /** The day plan applied for that date, if any (applying again replaces it). */
  applied: z
    .object({ appliedAt: z.string(), source: z.enum(["auto", "admin"]), appliedBy: z.string().nullable() })
    .nullable(),
});
export type DayPlanProposal = z.infer<typeof dayPlanProposalSchema>;

// ---------- POST Planning/day/apply ----------

export const dayPlanApplyStopSchema = z.object({
  name: requiredText(120),
  address: optionalText(300).transform((value) => (value ? value : null)),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  employeeIds: z
    .array(z.number().int().positive())
    .min(1, "Cada parada necesita al menos un colaborador")
    .max(120),
});

export const dayPlanApplyRequestSchema = z.object({
  shiftId: bodyIdSchema,
  destinationId: bodyIdSchema,
  date: bookingDateSchema,
  version: z.string({ message: "Versión inválida" }).min(1, "Versión inválida").max(200, "Versión inválida"),
  /** The routes that run that date (standing route ids); every other one is released that date. */
  routes: z
    .array(
      z.object({
        routeId: bodyIdSchema,
        stops: z.array(dayPlanApplyStopSchema).min(1, "Cada ruta necesita al menos una parada").max(100),
      }),
    )
    .min(1, "El plan del día no tiene rutas")
    .max(300),
  acceptBrokenLimits: z.boolean({ message: "Valor inválido" }).optional(),
});
export type DayPlanApplyRequest = z.infer<typeof dayPlanApplyRequestSchema>;

export const dayPlanApplyResponseSchema = z.object({
  message: z.string(),
  dayPlanId: z.number().int(),
  date: z.string(),
  running: z.number().int(),
  released: z.number().int(),
  /** Riders told that their time moved by more than DAY_PLAN_NOTIFY_MINUTES or their bus changed. */
  notified: z.number().int(),
  driversNotified: z.number().int(),
});
export type DayPlanApplyResponse = z.infer<typeof dayPlanApplyResponseSchema>;

// ---------- GET Planning/day, DELETE Planning/day ----------

export const dayPlanQuerySchema = z.object({
  shiftId: idSchema,
  destinationId: idSchema,
  date: bookingDateSchema,
});
export type DayPlanQuery = z.infer<typeof dayPlanQuerySchema>;

/** The day plan applied for a date (null: that date runs the standing plan). */
export const dayPlanResponseSchema = z.object({
  dayPlan: z
    .object({
      id: z.number().int(),
      date: z.string(),
      source: z.enum(["auto", "admin"]),
      appliedAt: z.string(),
      appliedBy: z.string().nullable(),
      routes: z.array(planRouteSchema),
      released: z.array(z.object({ routeId: z.number().int(), name: z.string() })),
      standing: dayPlanTotalsSchema,
      day: dayPlanTotalsSchema,
    })
    .nullable(),
});
export type DayPlanResponse = z.infer<typeof dayPlanResponseSchema>;

export const dayPlanDeleteRequestSchema = z.object({
  shiftId: bodyIdSchema,
  destinationId: bodyIdSchema,
  date: bookingDateSchema,
});

export const DAY_PLAN_NOT_FOUND_MESSAGE = "Ese día no tiene plan del día: sigue el plan fijo";
export const DAY_PLAN_REMOVED_MESSAGE = "El día vuelve al plan fijo";

export const dayPlanDeleteResponseSchema = z.object({
  message: z.string(),
  /** Riders told that their bus or time changes back (more than DAY_PLAN_NOTIFY_MINUTES). */
  notified: z.number().int(),
  driversNotified: z.number().int(),
});
export type DayPlanDeleteResponse = z.infer<typeof dayPlanDeleteResponseSchema>;
