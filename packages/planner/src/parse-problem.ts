import { PlannerInputError } from "./planner-input-error.js";
import { type VroomInput, vroomInputSchema } from "./vroom-input-schema.js";

/** Locations in a matrix: a 5,000 × 5,000 matrix is already 25 million numbers. */
export const MAX_LOCATIONS = 5100;

/**
 * Checks a parsed JSON value against VROOM's input format and what the planner supports, and returns it
 * typed. Throws PlannerInputError (English / Spanish) naming the first problem found.
 */
export function parseProblem(json: unknown): VroomInput {
  const parsed = vroomInputSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue ? issue.path.join(".") || "(root)" : "(root)";
    const message = issue?.message ?? "invalid";
    throw new PlannerInputError(
      `Invalid problem at ${where}: ${message}`,
      `Problema inválido en ${where}: ${message}`,
    );
  }
  const input = parsed.data;
  checkMatrices(input);
  checkIdsAndIndexes(input);
  return input;
}

function checkMatrices(input: VroomInput): void {
  const profiles = new Set(input.vehicles.map((vehicle) => vehicle.profile ?? "car"));
  for (const profile of profiles) {
    const matrices = input.matrices[profile];
    if (!matrices) {
      throw new PlannerInputError(
        `No matrices for profile "${profile}": matrices.${profile}.durations is needed (the planner does not call a routing engine)`,
        `Faltan las matrices del perfil "${profile}": se necesita matrices.${profile}.durations (el planificador no consulta un motor de rutas)`,
      );
    }
    const size = matrices.durations.length;
    if (size === 0 || size > MAX_LOCATIONS) {
      throw new PlannerInputError(
        `matrices.${profile}.durations must have between 1 and ${MAX_LOCATIONS} rows`,
        `matrices.${profile}.durations debe tener entre 1 y ${MAX_LOCATIONS} filas`,
      );
    }
    for (const [name, matrix] of Object.entries(matrices)) {
      if (!matrix) continue;
      if (matrix.length !== size) {
        throw new PlannerInputError(
          `matrices.${profile}.${name} has ${matrix.length} rows, durations has ${size}`,
          `matrices.${profile}.${name} tiene ${matrix.length} filas y durations ${size}`,
        );
      }
      for (let row = 0; row < size; row++) {
        const cells = matrix[row] as unknown[];
        if (cells.length !== size) {
          throw new PlannerInputError(
            `matrices.${profile}.${name}[${row}] has ${cells.length} values, expected ${size}`,
            `matrices.${profile}.${name}[${row}] tiene ${cells.length} valores, se esperaban ${size}`,
          );
        }
        for (let column = 0; column < size; column++) {
          const value = cells[column];
          if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 4_294_967_295) {
            throw new PlannerInputError(
              `matrices.${profile}.${name}[${row}][${column}] must be a non-negative integer`,
              `matrices.${profile}.${name}[${row}][${column}] debe ser un entero no negativo`,
            );
          }
        }
      }
    }
  }
}

function checkIdsAndIndexes(input: VroomInput): void {
  const size = Math.min(
    ...input.vehicles.map((vehicle) => input.matrices[vehicle.profile ?? "car"]?.durations.length ?? 0),
  );
  const jobIds = new Set<number>();
  input.jobs.forEach((job, index) => {
    if (jobIds.has(job.id)) {
      throw new PlannerInputError(`Two jobs have id ${job.id}`, `Dos trabajos tienen el id ${job.id}`);
    }
    jobIds.add(job.id);
    if (job.location_index != null && job.location_index >= size) {
      throw new PlannerInputError(
        `jobs[${index}].location_index ${job.location_index} is outside the matrices (${size} locations)`,
        `jobs[${index}].location_index ${job.location_index} está fuera de las matrices (${size} ubicaciones)`,
      );
    }
    if (job.setup) {
      throw new PlannerInputError(
        `jobs[${index}].setup is not supported: add it to service`,
        `jobs[${index}].setup no está soportado: súmelo a service`,
      );
    }
  });
  const vehicleIds = new Set<number>();
  input.vehicles.forEach((vehicle, index) => {
    if (vehicleIds.has(vehicle.id)) {
      throw new PlannerInputError(
        `Two vehicles have id ${vehicle.id}`,
        `Dos vehículos tienen el id ${vehicle.id}`,
      );
    }
    vehicleIds.add(vehicle.id);
    if (vehicle.start_index == null && vehicle.end_index == null) {
      throw new PlannerInputError(
        `vehicles[${index}] needs start_index or end_index`,
        `vehicles[${index}] necesita start_index o end_index`,
      );
    }
    for (const key of ["start_index", "end_index"] as const) {
      const value = vehicle[key];
      if (value != null && value >= size) {
        throw new PlannerInputError(
          `vehicles[${index}].${key} ${value} is outside the matrices (${size} locations)`,
          `vehicles[${index}].${key} ${value} está fuera de las matrices (${size} ubicaciones)`,
        );
      }
    }
  });
  const lengths = new Set<number>();
  for (const job of input.jobs) {
    for (const amount of [job.delivery, job.pickup, job.amount]) if (amount) lengths.add(amount.length);
  }
  for (const vehicle of input.vehicles) if (vehicle.capacity) lengths.add(vehicle.capacity.length);
  if (lengths.size > 1) {
    throw new PlannerInputError(
      "capacity, delivery and pickup must all have the same number of values",
      "capacity, delivery y pickup deben tener todos la misma cantidad de valores",
    );
  }
}
