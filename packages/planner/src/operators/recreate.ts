import type { CompiledProblem } from "../compile-problem.js";
import type { Search } from "../search.js";
import { bestInsertion } from "./insertion.js";

/** SISR's blinks: each place is skipped with this probability. */
const BLINK = 0.01;

/**
 * SISR's recreate (greedy insertion with blinks): the jobs in one of its orders, each at its cheapest
 * feasible place (insertion.ts, checked by insertion-feasibility.ts). With `openRoutes`, an unused vehicle
 * (one per kind) may start a route. What does not fit becomes `search.unassigned`. Built once per problem:
 * it keeps the orders' sort keys.
 */
export class Recreate {
  private readonly sortKeyFar: Float64Array;
  private readonly sortKeyDemand: Float64Array;
  /** kindTried[kind] === stamp: an empty vehicle of that kind was tried for the current job. */
  private readonly kindTried: Int32Array;
  private stamp = 0;

  constructor(problem: CompiledProblem) {
    this.kindTried = new Int32Array(problem.vehicles.length);
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

  apply(search: Search, jobs: number[], openRoutes: boolean): void {
    const { problem, random, routes } = search;
    this.order(search, jobs);
    const unassigned: number[] = [];
    const kindTried = this.kindTried;
    for (const job of jobs) {
      let bestCost = Number.POSITIVE_INFINITY;
      let bestRoute = -1;
      let bestPosition = -1;
      const stamp = ++this.stamp;
      for (let r = 0; r < routes.length; r++) {
        const route = routes[r]!;
        if (route.jobs.length === 0) {
          if (!openRoutes || kindTried[route.vehicle.kind] === stamp) continue;
          kindTried[route.vehicle.kind] = stamp;
        }
        const insertion = bestInsertion(problem, route, job, BLINK, random, bestCost);
        if (insertion.position >= 0 && insertion.cost < bestCost) {
          bestCost = insertion.cost;
          bestRoute = r;
          bestPosition = insertion.position;
        }
      }
      if (bestRoute < 0) {
        unassigned.push(job);
        continue;
      }
      search.save(bestRoute);
      const route = routes[bestRoute]!;
      route.jobs.splice(bestPosition, 0, job);
      route.update();
      search.jobRoute[job] = bestRoute;
    }
    search.unassigned = unassigned;
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
