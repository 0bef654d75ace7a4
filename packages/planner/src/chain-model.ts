import {
  type ChainRun,
  type ChainRunsOptions,
  type ChainTravel,
  type ChainVehicle,
  DEFAULT_MAX_SPAN_MINUTES,
  DEFAULT_MIN_REST_MINUTES,
  type TravelLeg,
} from "./chain-runs-types.js";
import { PlannerInputError } from "./planner-input-error.js";

/**
 * The runs that can have a vehicle, sorted by start (then end, then id), with every deadhead leg
 * between them and from and to each depot looked up once. Run and vehicle numbers below are
 * indices into `runs` and `vehicles`.
 */
export type ChainModel = {
  runs: ChainRun[];
  vehicles: ChainVehicle[];
  count: number;
  start: Float64Array;
  end: Float64Array;
  seats: Float64Array;
  /** From run i's end to run j's start, at i × count + j. */
  legSeconds: Float64Array;
  legMetres: Float64Array;
  /** Depot of vehicle v to run i's start / run i's end to that depot, at v × count + i. */
  pullOutMetres: Float64Array;
  pullInMetres: Float64Array;
  minRest: number;
  maxSpan: number;
  maxDriving: number;
};

/** What a chain of runs costs and whether one vehicle and driver may do it. */
export type ChainMeasure = { ok: boolean; runs: number; metres: number; work: number };

export function travelFunction(travel: ChainTravel): (from: number, to: number) => TravelLeg {
  if (typeof travel === "function") return travel;
  const { durations, distances } = travel;
  return (from, to) => ({
    seconds: durations[from]?.[to] ?? Number.NaN,
    metres: distances ? (distances[from]?.[to] ?? Number.NaN) : 0,
  });
}

export function ruleSeconds(options: ChainRunsOptions): {
  minRest: number;
  maxSpan: number;
  maxDriving: number;
} {
  return {
    minRest: (options.minRestMinutes ?? DEFAULT_MIN_REST_MINUTES) * 60,
    maxSpan: (options.maxSpanMinutes ?? DEFAULT_MAX_SPAN_MINUTES) * 60,
    maxDriving:
      options.maxDrivingMinutes === undefined ? Number.POSITIVE_INFINITY : options.maxDrivingMinutes * 60,
  };
}

export function buildChainModel(
  runs: ChainRun[],
  vehicles: ChainVehicle[],
  travel: ChainTravel,
  options: ChainRunsOptions,
): ChainModel {
  const sorted = runs
    .slice()
    .sort((a, b) => a.start - b.start || a.end - b.end || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const count = sorted.length;
  const leg = travelFunction(travel);
  const legSeconds = new Float64Array(count * count);
  const legMetres = new Float64Array(count * count);
  for (let i = 0; i < count; i++) {
    const from = (sorted[i] as ChainRun).endLocation;
    for (let j = 0; j < count; j++) {
      const { seconds, metres } = checkedLeg(leg, from, (sorted[j] as ChainRun).startLocation);
      legSeconds[i * count + j] = seconds;
      legMetres[i * count + j] = metres;
    }
  }
  const pullOutMetres = new Float64Array(vehicles.length * count);
  const pullInMetres = new Float64Array(vehicles.length * count);
  vehicles.forEach((vehicle, v) => {
    if (vehicle.depot === undefined) return;
    sorted.forEach((run, i) => {
      pullOutMetres[v * count + i] = checkedLeg(leg, vehicle.depot as number, run.startLocation).metres;
      pullInMetres[v * count + i] = checkedLeg(leg, run.endLocation, vehicle.depot as number).metres;
    });
  });
  return {
    runs: sorted,
    vehicles,
    count,
    start: Float64Array.from(sorted, (run) => run.start),
    end: Float64Array.from(sorted, (run) => run.end),
    seats: Float64Array.from(sorted, (run) => run.seats),
    legSeconds,
    legMetres,
    pullOutMetres,
    pullInMetres,
    ...ruleSeconds(options),
  };
}

function checkedLeg(leg: (from: number, to: number) => TravelLeg, from: number, to: number): TravelLeg {
  const result = leg(from, to);
  if (!Number.isFinite(result.seconds) || !Number.isFinite(result.metres) || result.seconds < 0) {
    throw new PlannerInputError(
      `No deadhead travel from ${from} to ${to}`,
      `Falta el tiempo o la distancia de ${from} a ${to}`,
    );
  }
  return result;
}

/** Whether run j may follow run i directly: deadhead plus the minimum rest fit between them. */
export function canFollow(model: ChainModel, i: number, j: number): boolean {
  return (
    (model.start[j] as number) -
      (model.end[i] as number) -
      (model.legSeconds[i * model.count + j] as number) >=
    model.minRest
  );
}

/** Checks a chain (runs in start order) for one vehicle: seats, rest, span and driving. */
export function measureChain(model: ChainModel, chain: readonly number[], vehicle: number): ChainMeasure {
  if (chain.length === 0) return { ok: true, runs: 0, metres: 0, work: 0 };
  const capacity =
    vehicle >= 0 ? (model.vehicles[vehicle] as ChainVehicle).capacity : Number.POSITIVE_INFINITY;
  const count = model.count;
  const first = chain[0] as number;
  const last = chain[chain.length - 1] as number;
  const refused = { ok: false, runs: chain.length, metres: 0, work: 0 };
  if ((model.end[last] as number) - (model.start[first] as number) > model.maxSpan) return refused;
  let metres = vehicle >= 0 ? chainDepotMetres(model, chain, vehicle) : 0;
  let work = 0;
  let previous = -1;
  for (const run of chain) {
    if ((model.seats[run] as number) > capacity) return refused;
    work += (model.end[run] as number) - (model.start[run] as number);
    if (previous >= 0) {
      if (!canFollow(model, previous, run)) return refused;
      metres += model.legMetres[previous * count + run] as number;
      work += model.legSeconds[previous * count + run] as number;
    }
    previous = run;
  }
  if (work > model.maxDriving) return refused;
  return { ok: true, runs: chain.length, metres, work };
}

export function chainDepotMetres(model: ChainModel, chain: readonly number[], vehicle: number): number {
  if (chain.length === 0) return 0;
  const base = vehicle * model.count;
  return (
    (model.pullOutMetres[base + (chain[0] as number)] as number) +
    (model.pullInMetres[base + (chain[chain.length - 1] as number)] as number)
  );
}

/** Whether a run alone fits a driver's day (span and driving). */
export function fitsOneDay(run: ChainRun, rules: { maxSpan: number; maxDriving: number }): boolean {
  const duration = run.end - run.start;
  return duration <= rules.maxSpan && duration <= rules.maxDriving;
}
