import type { CompiledProblem } from "../compile-problem.js";
import type { Search } from "../search.js";
import { bestInsertion } from "./insertion.js";

/** SISR's blinks: each place is skipped with this probability. */
const BLINK = 0.01;
/**
 * Above this many jobs a job is first tried only in the routes of its nearest jobs (granular
 * insertion; every route when none of them fits): at 5,000 jobs a full scan per job costs too much.
 * Up to it (the Solomon instances) every route is tried, as before; from 400 jobs (Gehring & Homberger)
 * the faster iterations pay: as many or fewer vehicles in 32 s on 5 of 5 instances tried (decision 0072).
 */
export const GRANULAR_FROM = 200;
/** How many of a job's nearest jobs lend their routes to granular insertion. */
const GRANULAR_NEIGHBOURS = 40;

type Place = { route: number; position: number };
const NO_PLACE: Place = { route: -1, position: -1 };

/**
 * SISR's recreate (greedy insertion with blinks): the jobs in one of its orders, each at its cheapest
 * feasible place (insertion.ts, checked by insertion-feasibility.ts); above GRANULAR_FROM jobs, the
 * cheapest among the routes of its nearest jobs when one fits. With `openRoutes`, an unused vehicle
 * (one per kind) may start a route. What does not fit becomes `search.unassigned`. Built once per problem:
 * it keeps the orders' sort keys.
 */
export class Recreate {
  private readonly sortKeyFar: Float64Array;
  private readonly sortKeyDemand: Float64Array;
  /** kindTried[kind] === stamp: an empty vehicle of that kind was tried for the current job. */
  private readonly kindTried: Int32Array;
  /** routeSeen[r] === stamp: route r is already among the job's near routes. */
  private readonly routeSeen: Int32Array;
  private stamp = 0;
  private chargeFixed = true;
  /** leftOut[job] === round: the job was unassigned when this recreate began. */
  private readonly leftOut: Int32Array;
  private round = 0;

  constructor(problem: CompiledProblem) {
    this.kindTried = new Int32Array(problem.vehicles.length);
    this.routeSeen = new Int32Array(problem.vehicles.length);
    this.leftOut = new Int32Array(problem.jobCount);
    const depot = problem.vehicles[0]!;
    const { costs, size } = depot.matrices;
    const depotLocation = depot.hasStart ? depot.startLocation : depot.endLocation;
    this.sortKeyFar = new Float64Array(problem.jobCount);
    this.sortKeyDemand = new Float64Array(problem.jobCount);
    for (let j = 0; j < problem.jobCount; j++) {
      const location = problem.jobLocation[j]!;
      this.sortKeyFar[j] = location < 0 ? 0 : costs[depotLocation * size + location]!;
      let demand = 0;
      for (let d = 0; d < problem.dimensions; d++) {
        demand +=
          problem.jobDelivery[j * problem.dimensions + d]! + problem.jobPickup[j * problem.dimensions + d]!;
      }
      this.sortKeyDemand[j] = demand;
    }
  }

  /**
   * `chargeFixed` false (the first construction of a large problem): farthest jobs first, and opening a
   * route costs its travel only, so routes stay compact; fleet minimisation then takes vehicles out.
   */
  apply(search: Search, jobs: number[], openRoutes: boolean, chargeFixed = true): void {
    const { routes } = search;
    this.chargeFixed = chargeFixed;
    if (chargeFixed) this.order(search, jobs);
    else this.farthestFirst(jobs);
    const unassigned: number[] = [];
    const granular = search.problem.jobCount > GRANULAR_FROM;
    const round = ++this.round;
    for (const job of search.unassigned) this.leftOut[job] = round;
    for (const job of jobs) {
      // Large problems: first the routes of the job's nearest jobs; when none fits, every route for a
      // job just ruined, only an empty vehicle for one left out before (retrying every place of every
      // job left out, each attempt, cost 50 ms an attempt with 300 left out of 1,000).
      const near = granular ? this.nearRoutes(search, job) : null;
      let best = near ? this.bestPlace(search, job, near, openRoutes && !chargeFixed) : NO_PLACE;
      if (best.route < 0) {
        const emptyOnly = granular && this.leftOut[job] === round;
        best = this.bestPlace(search, job, null, openRoutes, emptyOnly);
      }
      if (best.route < 0) {
        unassigned.push(job);
        continue;
      }
      search.save(best.route);
      const route = routes[best.route]!;
      route.jobs.splice(best.position, 0, job);
      route.update();
      search.jobRoute[job] = best.route;
    }
    search.unassigned = unassigned;
  }

  /**
   * The cheapest place for `job` in the routes listed (null: every route; empty ones only if `open`;
   * `emptyOnly`: no used route).
   */
  private bestPlace(
    search: Search,
    job: number,
    candidates: number[] | null,
    open = false,
    emptyOnly = false,
  ): Place {
    const { problem, random, routes } = search;
    const kindTried = this.kindTried;
    const stamp = ++this.stamp;
    let bestCost = Number.POSITIVE_INFINITY;
    let bestRoute = -1;
    let bestPosition = -1;
    const count = candidates ? candidates.length : routes.length;
    for (let c = 0; c < count; c++) {
      const r = candidates ? candidates[c]! : c;
      const route = routes[r]!;
      if (route.jobs.length === 0) {
        if (!open || kindTried[route.vehicle.kind] === stamp) continue;
        kindTried[route.vehicle.kind] = stamp;
      } else if (emptyOnly) {
        continue;
      }
      const insertion = bestInsertion(problem, route, job, BLINK, random, bestCost, false, this.chargeFixed);
      if (insertion.position >= 0 && insertion.cost < bestCost) {
        bestCost = insertion.cost;
        bestRoute = r;
        bestPosition = insertion.position;
      }
    }
    return bestRoute < 0 ? NO_PLACE : { route: bestRoute, position: bestPosition };
  }

  /** The used routes of the job's GRANULAR_NEIGHBOURS nearest jobs, nearest first, each once. */
  private nearRoutes(search: Search, job: number): number[] {
    const neighbours = search.problem.neighbours[job]!;
    const seen = this.routeSeen;
    const stamp = ++this.stamp;
    const near: number[] = [];
    const count = Math.min(GRANULAR_NEIGHBOURS, neighbours.length);
    for (let i = 0; i < count; i++) {
      const r = search.jobRoute[neighbours[i]!]!;
      if (r < 0 || seen[r] === stamp) continue;
      seen[r] = stamp;
      near.push(r);
    }
    return near;
  }

  /** Farthest from the depot first: those routes then pick up the jobs on their way. */
  private farthestFirst(jobs: number[]): void {
    const far = this.sortKeyFar;
    jobs.sort((a, b) => far[b]! - far[a]!);
  }

  /** One of SISR's orders: random (4/11), most demand first (4/11), farthest (2/11), closest (1/11). */
  private order(search: Search, jobs: number[]): void {
    const random = search.random;
    const pick = random.below(11);
    if (pick < 4) {
      random.shuffle(jobs);
    } else if (pick < 8) {
      const demand = this.sortKeyDemand;
      random.shuffle(jobs).sort((a, b) => demand[b]! - demand[a]!);
    } else if (pick < 10) {
      const far = this.sortKeyFar;
      jobs.sort((a, b) => far[b]! - far[a]!);
    } else {
      const far = this.sortKeyFar;
      jobs.sort((a, b) => far[a]! - far[b]!);
    }
  }
}
