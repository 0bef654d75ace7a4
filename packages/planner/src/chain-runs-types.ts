/**
 * Input and output of chainRuns (issue 36, item 5): fixed runs of a day — each with its own start
 * and end time and place — chained per vehicle and driver, as VROOM cannot (its "multi-trip" issue
 * #188) and with an optional balance of the drivers' working time (VROOM #191).
 * Times are seconds on one clock (e.g. since the day's midnight); places are indices into the
 * travel matrix, or whatever the travel function understands.
 */

/** One run: a bus trip already planned, from its first stop to its arrival. */
export type ChainRun = {
  id: string;
  /** Time at the first stop, seconds. */
  start: number;
  /** Time of arrival at the last stop, seconds (≥ start). */
  end: number;
  startLocation: number;
  endLocation: number;
  /** Seats the run needs: only a vehicle with at least this capacity may drive it. */
  seats: number;
  /** The vehicle that usually drives it: honoured when that costs no vehicle, fixed cost or deadhead. */
  preferredVehicleId?: string;
};

export type ChainVehicle = {
  id: string;
  /** Seats. */
  capacity: number;
  /** Where the vehicle sleeps: the legs to the first run and back are counted as deadhead. */
  depot?: number;
  /**
   * Cost of using the vehicle at all, counted like metres of deadhead when vehicles are given to
   * chains: with as many vehicles either way, the cheaper ones are used. Default 0.
   */
  fixedCost?: number;
};

export type TravelLeg = { seconds: number; metres: number };

/**
 * Deadhead travel between two places: VROOM-style matrices indexed by place (durations in seconds,
 * distances in metres; metres count 0 without distances) or a function.
 */
export type ChainTravel =
  | { durations: number[][]; distances?: number[][] }
  | ((from: number, to: number) => TravelLeg);

export type ChainRules = {
  /** Minimum rest between the arrival (plus deadhead) of one run and the start of the next. Default 10. */
  minRestMinutes?: number;
  /** Maximum working span of a driver: first run's start to last run's end. Default 600 (10 h). */
  maxSpanMinutes?: number;
  /** Maximum driving per driver: runs plus deadhead between them. Default: no limit. */
  maxDrivingMinutes?: number;
};

export type ChainRunsOptions = ChainRules & {
  /** Even out the drivers' working time (max − min) without using more vehicles. Default false. */
  balance?: boolean;
  /** Rounds of local search (each stops early when nothing improves). Default 50. */
  maxRounds?: number;
};

export type ChainRunsInput = {
  runs: ChainRun[];
  vehicles: ChainVehicle[];
  travel: ChainTravel;
  options?: ChainRunsOptions;
};

/** One run in a vehicle's chain, with what separates it from the previous run (0 for the first). */
export type ChainedRun = {
  runId: string;
  start: number;
  end: number;
  deadheadSeconds: number;
  deadheadMetres: number;
  /** start − previous end − deadhead: the driver's rest (or wait) before this run. */
  restSeconds: number;
};

export type VehicleChain = {
  vehicleId: string;
  runs: ChainedRun[];
  /** Depot to the first run and last run to the depot; 0 without a depot. */
  pullOutMetres: number;
  pullInMetres: number;
  /** Between runs plus the depot legs. */
  deadheadMetres: number;
  /** First start to last end. */
  spanSeconds: number;
  /** Runs plus deadhead between runs: what `balance` evens out. */
  workSeconds: number;
};

export type UnchainedReason = "seats" | "hours" | "fleet";

export type UnchainedRun = { runId: string; reason: UnchainedReason; message: string };

export type ChainRunsResult = {
  chains: VehicleChain[];
  unassigned: UnchainedRun[];
  totals: {
    vehiclesUsed: number;
    runsChained: number;
    /** What one vehicle per run would need: the runs that have a vehicle. */
    oneVehiclePerRun: number;
    deadheadMetres: number;
    deadheadKm: number;
    /** Largest minus smallest workSeconds among the chains (0 with fewer than two). */
    workSpreadSeconds: number;
  };
};

export const UNCHAINED_MESSAGES: Record<UnchainedReason, string> = {
  seats: "Sin vehículo con asientos suficientes",
  hours: "Fuera del horario del chofer",
  fleet: "Sin vehículo libre a esa hora",
};

export const DEFAULT_MIN_REST_MINUTES = 10;
export const DEFAULT_MAX_SPAN_MINUTES = 600;
