import { z } from "zod";
import {
  bodyIdSchema,
  ID_MESSAGE,
  idSchema,
  latitudeSchema,
  longitudeSchema,
  numberField,
  optionalText,
  requiredText,
} from "./common.js";
import { planFiguresSchema, planRouteSchema } from "./plan-figures.js";
import { TRAVEL_BASES } from "./plan-road-legs.js";
import { planParamsSchema } from "./plan-schedule.js";
import { dayIdsSchema, routeDayItemSchema, SHIFT_DIRECTIONS, type ShiftDirection } from "./route-planning.js";
import { supplierRateSchema } from "./supplier-rates.js";
import { TRAVEL_DEFAULTS, TRAVEL_SOURCES } from "./travel-model.js";

// The travel model lives in its own zod-free file (Treiber App imports it alone); the contract's
// index reaches it through here, and the plan's schedule, figures, cost and generated names
// through their own files.
export * from "./plan-figures.js";
export * from "./plan-road-legs.js";
export * from "./plan-route-cost.js";
export * from "./plan-schedule.js";
export * from "./planned-route-names.js";
export * from "./travel-model.js";

/**
 * Planificación (issue 23): the planner proposes the routes of one shift to one workplace (a
 * destination) from where the riders live; the admin moves riders or stops, sees the figures change
 * and applies the plan in one transaction. The travel model below is shared by the server (the
 * proposal, the current routes' figures, the planned times written on apply) and the page (the
 * figures after a move), so both always show the same numbers.
 */

export const PLANNING_DEFAULTS = {
  /** Minutes the bus spends at each stop. */
  serviceMinutes: TRAVEL_DEFAULTS.serviceMinutes,
  /** Longest time on board per rider, in minutes. */
  maxRideMinutes: 60,
  /** Riders within this walk of each other share a stop; 0 = door to door. */
  walkRadiusMeters: 0,
  /** Moving speeds (km/h) when the trip runs in the peak hours and outside them. */
  peakSpeedKmh: TRAVEL_DEFAULTS.peakSpeedKmh,
  offPeakSpeedKmh: TRAVEL_DEFAULTS.offPeakSpeedKmh,
  /** Road km ÷ straight-line km. */
  circuity: TRAVEL_DEFAULTS.circuity,
} as const;

/** Finished trips with a trace needed before speed and circuity are calibrated from them. */
export const MIN_CALIBRATION_TRIPS = 5;
export const MAX_PLANNING_RIDERS = 5_000;
export const MAX_PLANNING_VEHICLES = 300;
export const MAX_PLANNING_SECONDS = 60;

export const PLAN_CHANGED_MESSAGE =
  "Otro administrador cambió las rutas de este turno mientras planificaba: vuelva a proponer las rutas";
export const PLAN_EMPTY_MESSAGE = "La propuesta no tiene rutas";
export const PLANNING_NO_RIDERS_MESSAGE = "Seleccione al menos un colaborador";
export const PLANNING_NO_VEHICLES_MESSAGE = "Seleccione al menos un chofer con vehículo";
export const PLANNING_NO_SEATS_MESSAGE = "Ningún chofer seleccionado tiene asientos";
/** 503 from Planning/propose when the server is already planning as much as it can at once. */
export const PLANNER_BUSY_MESSAGE = "El planificador está ocupado; intente en unos segundos";

// ---------- GET Planning/context ----------

export const planningContextQuerySchema = z.object({
  shiftId: idSchema,
  /**
   * The workplace; absent: the destination most of the shift's routes go to, else the one most of
   * its branch office's routes go to, else the first (not one of the branch office's own: the page
   * then asks which).
   */
  destinationId: idSchema.optional(),
});
export type PlanningContextQuery = z.infer<typeof planningContextQuerySchema>;

export const planningRiderSchema = z.object({
  employeeId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  codeEmployee: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Their route on this shift to this workplace (null: none). */
  routeId: z.number().int().nullable(),
  routeName: z.string().nullable(),
  /** On a route of this shift to another workplace: left out of this plan. */
  otherRouteName: z.string().nullable(),
});
export type PlanningRider = z.infer<typeof planningRiderSchema>;

export const planningDriverSchema = z.object({
  driverId: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  supplierName: z.string(),
  vehiclePlate: z.string().nullable(),
  vehicleModel: z.string().nullable(),
  /** Vehicle capacity (null or 0: cannot carry riders). */
  seats: z.number().int().nullable(),
  /**
   * Cost per trip without a supplier rate: the route it drives on this shift to this workplace,
   * else 0 (planRouteCost prices a route from `rate` first).
   */
  cost: z.number(),
  /** Its supplier's rate (issue 33). */
  rate: supplierRateSchema,
  /** Its route on this shift to this workplace (null: available). */
  routeId: z.number().int().nullable(),
  /**
   * Why it cannot start a trip today: an expired licence, insurance or inspection («Licencia vencida
   * el 12/11/2026», issue 37); the planner leaves it out. Null or absent: it may drive.
   */
  blockedReason: z.string().nullable().optional(),
});
export type PlanningDriver = z.infer<typeof planningDriverSchema>;

export const calibrationSchema = z.object({
  /**
   * The branch office's own finished trips that were measured (its shifts' routes, or its riders
   * boarded): never another branch office's (decision 0058).
   */
  trips: z.number().int(),
  minTrips: z.number().int(),
  /** True when at least one value below comes from the trips, false when all are the defaults. */
  calibrated: z.boolean(),
  /** Moving speeds (stops and dwell excluded) and circuity: calibrated, else the defaults. */
  peakSpeedKmh: z.number(),
  offPeakSpeedKmh: z.number(),
  circuity: z.number(),
  /** Trips behind each value (each needs `minTrips` of its own, else its default is used). */
  peakTrips: z.number().int(),
  offPeakTrips: z.number().int(),
  /** Trips whose boardings spread at least 1 km (the others say nothing about the roads). */
  circuityTrips: z.number().int(),
  /**
   * The measured medians before the plausible range (SPEED_RANGE_KMH, CIRCUITY_RANGE) applied; null
   * below `minTrips` trips. A value that differs from its median was clamped.
   */
  peakSpeedMedianKmh: z.number().nullable(),
  offPeakSpeedMedianKmh: z.number().nullable(),
  circuityMedian: z.number().nullable(),
});
export type Calibration = z.infer<typeof calibrationSchema>;

/** `shiftTravelModel`'s answer with the shift's override beside it (null: the calculated value). */
export const shiftTravelModelSchema = z.object({
  speedKmh: z.number(),
  circuity: z.number(),
  peak: z.boolean(),
  speedSource: z.enum(TRAVEL_SOURCES),
  circuitySource: z.enum(TRAVEL_SOURCES),
  travelSpeedKmh: z.number().nullable(),
  travelCircuity: z.number().nullable(),
});
export type ShiftTravelModelView = z.infer<typeof shiftTravelModelSchema>;

export const planningContextResponseSchema = z.object({
  shift: z.object({
    id: z.number().int(),
    name: z.string(),
    direction: z.enum(SHIFT_DIRECTIONS),
    time: z.string(),
    days: z.array(routeDayItemSchema),
    branchOfficeId: z.number().int(),
    branchOfficeName: z.string(),
  }),
  destinationId: z.number().int(),
  destinations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      /** The shift's routes going there. */
      amountRoutes: z.number().int(),
      /**
       * Active routes of the shift's branch office going there (on one of its shifts, or carrying one
       * of its collaborators): a workplace of its own (issue 33). Absent from another backend.
       */
      branchOfficeRoutes: z.number().int().optional(),
    }),
  ),
  riders: z.array(planningRiderSchema),
  drivers: z.array(planningDriverSchema),
  calibration: calibrationSchema,
  /** The shift's travel model and where each value comes from (its override, calibrated, default). */
  travelModel: shiftTravelModelSchema,
  /** The travel model for this shift and workplace (the override, else the calibrated or default speed for its hour). */
  params: planParamsSchema,
  current: z.object({ routes: z.array(planRouteSchema), figures: planFiguresSchema }),
  /** Send back in Planning/apply: changes whenever a route of the shift changes. */
  version: z.string(),
});
export type PlanningContext = z.infer<typeof planningContextResponseSchema>;

// ---------- POST Planning/propose ----------

const idList = (message: string, max: number) =>
  z
    .array(
      z.number({ message: ID_MESSAGE }).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE),
      {
        message,
      },
    )
    .min(1, message)
    .max(max, `Máximo ${max}`)
    .transform((ids) => [...new Set(ids)]);

const boundedNumber = (message: string, min: number, max: number, integer = true) => {
  const base = numberField(message).refine(Number.isFinite, message);
  return (integer ? base.refine(Number.isInteger, message) : base).refine(
    (v) => v >= min && v <= max,
    message,
  );
};

export const planningProposeRequestSchema = z.object({
  shiftId: bodyIdSchema,
  destinationId: bodyIdSchema,
  /** The collaborators to plan for (with or without route; those without location come back unassigned). */
  employeeIds: idList(PLANNING_NO_RIDERS_MESSAGE, MAX_PLANNING_RIDERS),
  /** The drivers (one vehicle each) the planner may use. */
  driverIds: idList(PLANNING_NO_VEHICLES_MESSAGE, MAX_PLANNING_VEHICLES),
  walkRadiusMeters: boundedNumber("El radio de caminata debe estar entre 0 y 2000 m", 0, 2000).default(
    PLANNING_DEFAULTS.walkRadiusMeters,
  ),
  serviceMinutes: boundedNumber("El tiempo por parada debe estar entre 0 y 15 min", 0, 15).default(
    PLANNING_DEFAULTS.serviceMinutes,
  ),
  maxRideMinutes: boundedNumber("El viaje máximo debe estar entre 10 y 240 min", 10, 240).default(
    PLANNING_DEFAULTS.maxRideMinutes,
  ),
  /** Search time; absent: the planner's own budget for the problem's size. */
  seconds: boundedNumber(
    `El tiempo de búsqueda debe estar entre 1 y ${MAX_PLANNING_SECONDS} s`,
    1,
    MAX_PLANNING_SECONDS,
  ).optional(),
});
export type PlanningProposeRequest = z.infer<typeof planningProposeRequestSchema>;

export const UNASSIGNED_REASON_CODES = [
  "no_location",
  "max_ride",
  "capacity",
  "fleet_full",
  "other",
] as const;

export const planningProposalResponseSchema = z.object({
  params: planParamsSchema,
  routes: z.array(planRouteSchema),
  figures: planFiguresSchema,
  unassigned: z.array(
    z.object({
      employeeId: z.number().int(),
      name: z.string(),
      lastname: z.string(),
      reasonCode: z.enum(UNASSIGNED_REASON_CODES),
      /** Spanish: «Sin ubicación», «Inalcanzable dentro del viaje máximo», «Sin asientos: …». */
      reason: z.string(),
    }),
  ),
  /** The version of the shift's routes the proposal was made from (send it to Planning/apply). */
  version: z.string(),
  /** Seconds the planner searched. */
  seconds: z.number(),
  /**
   * The number a route the admin opens would take («<Turno> <n>»): past every generated name of
   * the shift's name already stored and in the proposal (route names are unique).
   */
  nextRouteNumber: z.number().int(),
  /**
   * What timed the proposal (issue 36): `roads`, the routing server's road network (ROUTING_URL);
   * `model`, straight km × circuity at the calibrated speed. Absent: `model`.
   */
  travelSource: z.enum(TRAVEL_BASES).optional(),
  /** Spanish, when the routing server is set but failed and the model timed the proposal instead. */
  travelNote: z.string().nullable().optional(),
  /**
   * Drivers asked for that the planner left out because an expired paper keeps them off the road
   * today (issue 37), with the reason («Licencia vencida el 12/11/2026»). Absent: none.
   */
  blockedDrivers: z
    .array(z.object({ driverId: z.number().int(), name: z.string(), reason: z.string() }))
    .optional(),
});
export type PlanningProposal = z.infer<typeof planningProposalResponseSchema>;

// ---------- POST Planning/apply ----------

export const planningApplyStopSchema = z.object({
  name: requiredText(120),
  address: optionalText(300).transform((value) => (value ? value : null)),
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  employeeIds: idList("Cada parada necesita al menos un colaborador", 120),
});

export const planningApplyRouteSchema = z.object({
  routeId: bodyIdSchema.nullable(),
  name: requiredText(120),
  driverId: bodyIdSchema,
  seats: numberField("Asientos inválidos")
    .int("Asientos inválidos")
    .min(1, "Asientos inválidos")
    .max(120, "Asientos inválidos"),
  stops: z
    .array(planningApplyStopSchema)
    .min(1, "Cada ruta necesita al menos una parada")
    .max(100, "Máximo 100 paradas"),
});
export type PlanningApplyRoute = z.infer<typeof planningApplyRouteSchema>;

/**
 * `POST Planning/apply`: writes the plan of one shift to one workplace in one transaction. The
 * server recomputes the planned times with the travel model; routes of the shift to this workplace
 * that are not in the plan lose their riders and stops and are deactivated.
 */
export const planningApplyRequestSchema = z.object({
  shiftId: bodyIdSchema,
  destinationId: bodyIdSchema,
  dayIds: dayIdsSchema,
  version: z.string({ message: "Versión inválida" }).min(1, "Versión inválida").max(200, "Versión inválida"),
  serviceMinutes: planningProposeRequestSchema.shape.serviceMinutes,
  maxRideMinutes: planningProposeRequestSchema.shape.maxRideMinutes,
  routes: z
    .array(planningApplyRouteSchema, { message: PLAN_EMPTY_MESSAGE })
    .min(1, PLAN_EMPTY_MESSAGE)
    .max(MAX_PLANNING_VEHICLES),
  /**
   * The admin saw and accepted the routes whose longest ride exceeds `maxRideMinutes` (issue 33);
   * without it such a plan is refused (400, PLAN_RIDE_LIMIT_MESSAGE). More riders than seats is
   * refused either way.
   */
  acceptBrokenLimits: z.boolean({ message: "Valor inválido" }).optional(),
});
/** Planning/apply of routes over the maximum ride without `acceptBrokenLimits` (the routes follow). */
export const PLAN_RIDE_LIMIT_MESSAGE =
  "Hay rutas con viajes más largos que el máximo: confirme que las acepta para aplicar el plan";
export type PlanningApplyRequest = z.infer<typeof planningApplyRequestSchema>;

export const planningApplyResponseSchema = z.object({
  message: z.string(),
  routeIds: z.array(z.number().int()),
  created: z.number().int(),
  updated: z.number().int(),
  deactivated: z.number().int(),
  /** Riders whose route or stop changed (each was notified). */
  notified: z.number().int(),
  /** Drivers told that a route of theirs is new, changed or gone (decision 0067). */
  driversNotified: z.number().int(),
  /**
   * The routes written at $0 a trip (no supplier rate and no cost of their own): the next cut
   * bills them at $0. The page warns before applying; this says it again.
   */
  zeroCostRoutes: z.array(z.object({ routeId: z.number().int(), name: z.string() })),
});
export type PlanningApplyResponse = z.infer<typeof planningApplyResponseSchema>;

export type { ShiftDirection };
