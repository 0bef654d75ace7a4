import { z } from "zod";

/**
 * VROOM's input format (docs/API.md of VROOM-Project/vroom), the part the planner solves, plus Treiber's
 * extensions (see README.md of this package): `max_ride` on a job, and a job without `location_index`
 * reported as unassigned («Sin ubicación») instead of refused.
 */

export const MAX_JOBS = 5000;
export const MAX_VEHICLES = 1000;

const nonNegativeInt = z.number().int().nonnegative();
const amount = z.array(nonNegativeInt).max(16);
const timeWindow = z
  .tuple([nonNegativeInt, nonNegativeInt])
  .refine(
    ([start, end]) => start <= end,
    "time window start after its end / ventana con inicio después del fin",
  );
const location = z.array(z.number()).length(2);

export const vroomJobSchema = z.object({
  id: nonNegativeInt,
  description: z.string().max(1000).optional(),
  location: location.optional(),
  /** Treiber: may be absent or null: the job is then unassigned with the reason «Sin ubicación». */
  location_index: nonNegativeInt.nullable().optional(),
  setup: nonNegativeInt.optional(),
  service: nonNegativeInt.optional(),
  delivery: amount.optional(),
  pickup: amount.optional(),
  /** Deprecated in VROOM; read as `delivery` like VROOM does. */
  amount: amount.optional(),
  skills: z.array(nonNegativeInt).max(100).optional(),
  priority: z.number().int().min(0).max(100).optional(),
  time_windows: z.array(timeWindow).min(1).max(100).optional(),
  /** Treiber: longest time on board in seconds (see README.md for how a ride is measured). */
  max_ride: nonNegativeInt.optional(),
});

export const vroomVehicleSchema = z.object({
  id: nonNegativeInt,
  profile: z.string().max(100).optional(),
  description: z.string().max(1000).optional(),
  start: location.optional(),
  start_index: nonNegativeInt.optional(),
  end: location.optional(),
  end_index: nonNegativeInt.optional(),
  capacity: amount.optional(),
  costs: z
    .object({
      fixed: nonNegativeInt.optional(),
      per_hour: nonNegativeInt.optional(),
      per_task_hour: nonNegativeInt.optional(),
      per_km: nonNegativeInt.optional(),
    })
    .optional(),
  skills: z.array(nonNegativeInt).max(100).optional(),
  type: z.string().max(100).optional(),
  time_window: timeWindow.optional(),
  breaks: z.array(z.unknown()).max(0, "breaks are not supported / las pausas no están soportadas").optional(),
  speed_factor: z
    .number()
    .refine(
      (value) => value === 1,
      "speed_factor other than 1 is not supported / speed_factor distinto de 1 no está soportado",
    )
    .optional(),
  max_tasks: nonNegativeInt.optional(),
  max_travel_time: nonNegativeInt.optional(),
  max_distance: nonNegativeInt.optional(),
  steps: z
    .array(z.unknown())
    .max(0, "vehicle steps are not supported / los pasos fijos no están soportados")
    .optional(),
});

/** A matrix is checked by hand (see parse-problem.ts): zod per cell is slow on 5,000 × 5,000. */
const matrix = z.array(z.array(z.unknown()));

export const vroomInputSchema = z.object({
  jobs: z
    .array(vroomJobSchema)
    .max(MAX_JOBS, `more than ${MAX_JOBS} jobs / más de ${MAX_JOBS} trabajos`)
    .default([]),
  shipments: z
    .array(z.unknown())
    .max(0, "shipments are not supported: use jobs / los envíos (shipments) no están soportados: use jobs")
    .optional(),
  vehicles: z
    .array(vroomVehicleSchema)
    .min(1, "at least one vehicle is needed / se necesita al menos un vehículo")
    .max(MAX_VEHICLES, `more than ${MAX_VEHICLES} vehicles / más de ${MAX_VEHICLES} vehículos`),
  matrices: z.record(
    z.string(),
    z.object({ durations: matrix, distances: matrix.optional(), costs: matrix.optional() }),
  ),
});

export type VroomInput = z.infer<typeof vroomInputSchema>;
export type VroomJob = z.infer<typeof vroomJobSchema>;
export type VroomVehicle = z.infer<typeof vroomVehicleSchema>;
