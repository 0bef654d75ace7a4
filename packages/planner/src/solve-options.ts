/** Options of solve(): the budget, the seed and the search's tuning. */
export type SolveOptions = {
  /** Time budget in seconds; default defaultSeconds(number of jobs). */
  seconds?: number;
  /** Seed of the search (default 1): same seed and same `iterations` give the same plan. */
  seed?: number;
  /** Stop after this many ruin-and-recreate iterations (the phases split by iterations, not time). */
  iterations?: number;
  /** Share of the budget for removing vehicles when vehicles have a fixed cost (default 0.5). */
  fleetShare?: number;
  /**
   * Give up removing a vehicle when the fewest unassigned jobs of the attempt has not dropped for this
   * share of the budget (default: never give up before the fleet share is spent).
   */
  fleetPatience?: number;
  /** Starting temperature of the annealing, per job's average travel cost (default 2; it ends 100 times lower). */
  temperature?: number;
};
