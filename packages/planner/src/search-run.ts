import { Recreate } from "./operators/recreate.js";
import type { Search } from "./search.js";

/** One run of the search: its solution, budget (time or iterations), iteration count and best plan. */
export class SearchRun {
  iteration = 0;
  best: number[][] = [];
  bestUnassigned: number[] = [];
  bestCost = Number.POSITIVE_INFINITY;
  /** The recreate operator, built once (it keeps its sort keys). */
  readonly recreate: Recreate;

  constructor(
    readonly search: Search,
    /** performance.now() when the search started, and its budget in milliseconds. */
    readonly started: number,
    readonly budget: number,
    /** Stop after this many iterations (Infinity: by time only). */
    readonly iterations: number,
  ) {
    this.recreate = new Recreate(search.problem);
  }

  get deadline(): number {
    return this.started + this.budget;
  }

  outOfTime(): boolean {
    return performance.now() >= this.deadline || this.iteration >= this.iterations;
  }

  /** Keeps the current solution as the best. */
  keepBest(): void {
    this.best = this.search.snapshot();
    this.bestUnassigned = this.search.unassigned.slice();
    this.bestCost = this.search.cost;
  }
}
