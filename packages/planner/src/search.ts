import type { SeededRandom } from "@treiber/contract/seeded-random";
import type { CompiledProblem } from "./compile-problem.js";
import { Route } from "./route.js";

/**
 * A solution under search: one route per vehicle (empty = unused), and the jobs not served. The
 * operators (operators/) change it in place through `save` / `setJobs`; `begin` / `revert` undo an
 * attempt by restoring the routes it touched. It knows no operator.
 */
export class Search {
  readonly routes: Route[];
  /** Route of each job, -1 when unassigned or excluded. */
  readonly jobRoute: Int32Array;
  unassigned: number[] = [];
  private saved = new Map<number, number[]>();
  private savedUnassigned: number[] = [];

  constructor(
    readonly problem: CompiledProblem,
    readonly random: SeededRandom,
    /** Cost of leaving a job unserved: more than serving it can cost. */
    readonly unassignedPenalty: number,
  ) {
    this.routes = problem.vehicles.map((vehicle) => new Route(problem, vehicle));
    this.jobRoute = new Int32Array(problem.jobCount).fill(-1);
  }

  get usedRoutes(): number {
    let used = 0;
    for (const route of this.routes) if (route.jobs.length > 0) used++;
    return used;
  }

  get cost(): number {
    let total = this.unassigned.length * this.unassignedPenalty;
    for (const route of this.routes) total += route.cost;
    return total;
  }

  /** The routes' jobs, to keep as a best solution. */
  snapshot(): number[][] {
    return this.routes.map((route) => route.jobs.slice());
  }

  restore(routes: number[][], unassigned: number[]): void {
    this.jobRoute.fill(-1);
    routes.forEach((jobs, r) => {
      const route = this.routes[r]!;
      route.jobs = jobs.slice();
      route.update();
      for (const job of jobs) this.jobRoute[job] = r;
    });
    this.unassigned = unassigned.slice();
  }

  begin(): void {
    this.saved.clear();
    this.savedUnassigned = this.unassigned.slice();
  }

  revert(): void {
    // First forget where the touched routes' jobs are now, then put them back: a job that moved between
    // two touched routes must end up in its old route whatever the order.
    for (const r of this.saved.keys()) {
      for (const job of this.routes[r]!.jobs) this.jobRoute[job] = -1;
    }
    for (const [r, jobs] of this.saved) {
      const route = this.routes[r]!;
      route.jobs = jobs;
      route.update();
      for (const job of jobs) this.jobRoute[job] = r;
    }
    this.unassigned = this.savedUnassigned;
    for (const job of this.unassigned) this.jobRoute[job] = -1;
    this.saved.clear();
  }

  /** The routes changed since `begin` (saved for revert). */
  touchedRoutes(): IterableIterator<number> {
    return this.saved.keys();
  }

  /** Keeps route r's jobs as they were before the attempt (once per attempt); call before changing it. */
  save(r: number): void {
    if (!this.saved.has(r)) this.saved.set(r, this.routes[r]!.jobs.slice());
  }

  /** Gives route r these jobs (saving it first) and records where they are. */
  setJobs(r: number, jobs: number[]): void {
    this.save(r);
    const route = this.routes[r]!;
    route.jobs = jobs;
    route.update();
    for (const job of jobs) this.jobRoute[job] = r;
  }
}
