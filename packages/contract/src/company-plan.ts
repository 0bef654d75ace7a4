import { z } from "zod";
import { bodyIdSchema, ID_MESSAGE, numberField } from "./common.js";
import {
  MAX_PLANNING_VEHICLES,
  PLANNING_NO_VEHICLES_MESSAGE,
  planningProposalResponseSchema,
  planningProposeRequestSchema,
} from "./planning.js";
import { SHIFT_DIRECTIONS } from "./route-planning.js";

/**
 * «Toda la sucursal» (issue 36, items 3 and 5): one proposal per shift and workplace of a branch
 * office, then the runs (each proposed route is one run of a bus) chained per vehicle and driver,
 * so the bus of the 06:00 inbound run also does the 07:00 one, within the driver's working span
 * and a rest between runs. Read-only: nothing is saved (decision 0073).
 */

export const MAX_COMPANY_SHIFTS = 10;
export const COMPANY_SHIFTS_MESSAGE = `Seleccione entre 1 y ${MAX_COMPANY_SHIFTS} turnos`;
export const COMPANY_SHIFT_OFFICE_MESSAGE = "El turno no es de esta sucursal";
/** Seconds of the budget kept for reading, chaining and answering when none is given. */
export const COMPANY_DEFAULT_SECONDS = 55;

const ids = (message: string, max: number) =>
  z
    .array(numberField(ID_MESSAGE).int(ID_MESSAGE).positive(ID_MESSAGE).max(2_147_483_647, ID_MESSAGE), {
      message,
    })
    .min(1, message)
    .max(max, message)
    .transform((list) => [...new Set(list)]);

const minutes = (message: string, min: number, max: number) =>
  numberField(message)
    .int(message)
    .refine((value) => value >= min && value <= max, message);

export const companyPlanRequestSchema = z.object({
  branchOfficeId: bodyIdSchema,
  /** The shifts to plan, of this branch office. */
  shiftIds: ids(COMPANY_SHIFTS_MESSAGE, MAX_COMPANY_SHIFTS),
  /** The drivers (one vehicle each) of the pool; absent: every active driver with seats. */
  driverIds: ids(PLANNING_NO_VEHICLES_MESSAGE, MAX_PLANNING_VEHICLES).optional(),
  walkRadiusMeters: planningProposeRequestSchema.shape.walkRadiusMeters,
  serviceMinutes: planningProposeRequestSchema.shape.serviceMinutes,
  maxRideMinutes: planningProposeRequestSchema.shape.maxRideMinutes,
  /** Search time of all the proposals together, split by riders; absent: COMPANY_DEFAULT_SECONDS at most. */
  seconds: planningProposeRequestSchema.shape.seconds,
  /** Rest of a driver between the end of a run (plus the empty drive) and the start of the next. */
  minRestMinutes: minutes("El descanso entre vueltas debe estar entre 0 y 240 min", 0, 240).default(10),
  /** Longest working day of a driver: first run's start to last run's end. */
  maxSpanMinutes: minutes("La jornada máxima debe estar entre 60 y 1440 min", 60, 1440).default(600),
  /** Even out the drivers' working time without using more vehicles. */
  balance: z.boolean({ message: "Valor inválido" }).default(false),
});
export type CompanyPlanRequest = z.input<typeof companyPlanRequestSchema>;
export type CompanyPlanInput = z.infer<typeof companyPlanRequestSchema>;

/** One proposal: a shift to a workplace. */
export const companyPlanPartSchema = z.object({
  shiftId: z.number().int(),
  shiftName: z.string(),
  direction: z.enum(SHIFT_DIRECTIONS),
  shiftTime: z.string(),
  destinationId: z.number().int(),
  destinationName: z.string(),
  proposal: planningProposalResponseSchema,
});
export type CompanyPlanPart = z.infer<typeof companyPlanPartSchema>;

/** A run: one proposed route, from its first stop to the workplace (inbound) or back (outbound). */
const runFields = {
  /** `<shiftId>:<destinationId>:<route key>`. */
  runId: z.string(),
  shiftId: z.number().int(),
  destinationId: z.number().int(),
  routeKey: z.string(),
  routeName: z.string(),
  /** `HH:mm` of the first stop (inbound) or of leaving the workplace (outbound), and of the arrival. */
  start: z.string(),
  end: z.string(),
};

export const companyChainSchema = z.object({
  driverId: z.number().int(),
  driverName: z.string(),
  vehiclePlate: z.string().nullable(),
  seats: z.number().int(),
  runs: z.array(
    z.object({
      ...runFields,
      riders: z.number().int(),
      /** Empty drive from the previous run's end to this run's start (0 for the first). */
      deadheadKm: z.number(),
      deadheadMinutes: z.number().int(),
      /** Rest (or wait) before this run, after the empty drive. */
      restMinutes: z.number().int(),
    }),
  ),
  deadheadKm: z.number(),
  /** First start to last end. */
  spanMinutes: z.number().int(),
  /** Runs plus empty drives: what `balance` evens out. */
  workMinutes: z.number().int(),
});
export type CompanyChain = z.infer<typeof companyChainSchema>;

export const companyPlanResponseSchema = z.object({
  parts: z.array(companyPlanPartSchema),
  chains: z.array(companyChainSchema),
  /** Runs no vehicle of the pool can do, with the Spanish reason. */
  unchained: z.array(z.object({ ...runFields, reason: z.string() })),
  totals: z.object({
    runs: z.number().int(),
    /** Vehicles (and drivers) when runs are chained, and with one vehicle per run. */
    vehiclesChained: z.number().int(),
    vehiclesOnePerRun: z.number().int(),
    /** Km of the runs (with riders) and of the empty drives between them. */
    km: z.number(),
    deadheadKm: z.number(),
    cost: z.number(),
    riders: z.number().int(),
    unassigned: z.number().int(),
    runsWithoutVehicle: z.number().int(),
    /** Longest minus shortest working time among the drivers. */
    workSpreadMinutes: z.number().int(),
  }),
  /** Spanish notes: what was left out (a workplace without coordinates, a shift without riders). */
  notes: z.array(z.string()),
  seconds: z.number(),
});
export type CompanyPlan = z.infer<typeof companyPlanResponseSchema>;
