import type { CompiledProblem } from "./compile-problem.js";
import { bestInsertion } from "./insertion.js";
import type { Random } from "./random.js";
import { Route } from "./route.js";
import { scheduleRoute } from "./schedule-route.js";

/**
 * SISR's parameters (Christiaens & Vanden Berghe 2020): on average 10 jobs removed, strings of at most
 * 10, split strings half the time. A split string keeps few jobs: keeping most of the route (a split
 * depth of 0.01 read the other way) made C105 and C205 land 10–25 % above their best known.
 */
const AVERAGE_REMOVED = 10;
const MAX_STRING = 10;
const SPLIT_RATE = 0.5;
/** Each further kept job of a split string with this probability: 1 kept, sometimes 2 or 3. */
const SPLIT_DEPTH = 0.5;
const BLINK = 0.01;

/**
 * A solution under search: one route per vehicle (empty = unused), and the jobs not served. Ruin and
 * recreate change it in place; `begin` / `revert` undo an attempt by restoring the routes it touched.
 */
export class Search {
  readonly routes: Route[];
  /** Route of each job, -1 when unassigned or excluded. */
  readonly jobRoute: Int32Array;
  unassigned: number[] = [];
  private saved = new Map<number, number[]>();
  private savedUnassigned: number[] = [];
  private readonly sortKeyFar: Float64Array;
  private readonly sortKeyDemand: Float64Array;
  /** kindTried[kind] === stamp: an empty vehicle of that kind was tried for the current job. */
  private readonly kindTried: Int32Array;
  private stamp = 0;

  constructor(
    readonly problem: CompiledProblem,
    readonly random: Random,
    /** Cost of leaving a job unserved: more than serving it can cost. */
    readonly unassignedPenalty: number,
  ) {
    this.routes = problem.vehicles.map((vehicle) => new Route(problem, vehicle));
    this.jobRoute = new Int32Array(problem.jobCount).fill(-1);
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

  private touch(r: number): void {
    if (!this.saved.has(r)) this.saved.set(r, this.routes[r]!.jobs.slice());
  }

  /** Takes a whole route out; its jobs become unassigned. */
  removeRoute(r: number): void {
    this.touch(r);
    const route = this.routes[r]!;
    for (const job of route.jobs) {
      this.jobRoute[job] = -1;
      this.unassigned.push(job);
    }
    route.jobs = [];
    route.update();
  }

  /** SISR's ruin: strings of consecutive jobs from routes near a random seed job. */
  ruin(): number[] {
    const { problem, random, routes, jobRoute } = this;
    let served = 0;
    let usedRoutes = 0;
    for (const route of routes) {
      if (route.jobs.length > 0) {
        served += route.jobs.length;
        usedRoutes++;
      }
    }
    if (served === 0) return [];
    const maxString = Math.min(MAX_STRING, served / usedRoutes);
    const maxStrings = (4 * AVERAGE_REMOVED) / (1 + maxString) - 1;
    const strings = Math.floor(random.next() * maxStrings) + 1;
    let seed = random.below(problem.jobCount);
    while (jobRoute[seed]! < 0) seed = (seed + 1) % problem.jobCount;
    const removed: number[] = [];
    const ruined = new Set<number>();
    const candidates = problem.neighbours[seed]!;
    for (let i = -1; i < candidates.length && ruined.size < strings; i++) {
      const job = i < 0 ? seed : candidates[i]!;
      const r = jobRoute[job]!;
      if (r < 0 || ruined.has(r)) continue;
      const route = routes[r]!;
      const cardinality = route.jobs.length;
      const length = Math.floor(random.next() * Math.min(cardinality, maxString)) + 1;
      this.touch(r);
      const at = route.jobs.indexOf(job);
      if (length === cardinality || random.next() >= SPLIT_RATE || length + 1 > cardinality) {
        const first = Math.max(0, Math.min(at - random.below(length), cardinality - length));
        this.take(r, first, length, 0, removed);
      } else {
        let kept = 1;
        while (length + kept < cardinality && random.next() < SPLIT_DEPTH) kept++;
        const span = length + kept;
        const first = Math.max(0, Math.min(at - random.below(span), cardinality - span));
        this.take(r, first, span, kept, removed);
      }
      ruined.add(r);
    }
    return removed;
  }

  /** Removes `span` jobs from position `first`, keeping `kept` consecutive ones among them. */
  private take(r: number, first: number, span: number, kept: number, removed: number[]): void {
    const route = this.routes[r]!;
    const keepFrom = kept > 0 ? first + this.random.below(span - kept + 1) : -1;
    const next: number[] = [];
    route.jobs.forEach((job, position) => {
      const inSpan = position >= first && position < first + span;
      const keep = !inSpan || (position >= keepFrom && position < keepFrom + kept);
      if (keep) {
        next.push(job);
      } else {
        removed.push(job);
        this.jobRoute[job] = -1;
      }
    });
    route.jobs = next;
    route.update();
  }

  /**
   * SISR's recreate: the jobs in one of its orders, each at its cheapest place with blinks. With
   * `openRoutes`, an unused vehicle (one per kind) may start a route. What does not fit stays unassigned.
   */
  recreate(jobs: number[], openRoutes: boolean): void {
    const { problem, random, routes } = this;
    this.order(jobs);
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
      this.touch(bestRoute);
      const route = routes[bestRoute]!;
      route.jobs.splice(bestPosition, 0, job);
      route.update();
      this.jobRoute[job] = bestRoute;
    }
    this.unassigned = unassigned;
  }

  /**
   * 2-opt*: swaps the tails of two routes (A keeps its first jobs and takes B's last ones, and the other
   * way round) while a swap lowers the cost, at most `moves` times. What SISR's short strings rarely do:
   * hand a whole run of stops to another vehicle. Only between vehicles with the same end, hours and
   * matrices, and when loads peak at a route's start or end.
   */
  twoOptStar(moves: number): void {
    const { problem, routes } = this;
    if (!problem.loadPeaksAtEnds) return;
    const dimensions = problem.dimensions;
    for (let move = 0; move < moves; move++) {
      let bestGain = 1e-9;
      let bestA = -1;
      let bestB = -1;
      let bestI = -1;
      let bestJ = -1;
      for (let a = 0; a < routes.length; a++) {
        const A = routes[a]!;
        const mA = A.jobs.length;
        if (mA === 0) continue;
        const va = A.vehicle;
        for (let b = 0; b < routes.length; b++) {
          const B = routes[b]!;
          const mB = B.jobs.length;
          if (b === a || mB === 0) continue;
          const vb = B.vehicle;
          if (b < a) continue;
          if (va.endLocation !== vb.endLocation || va.timeEnd !== vb.timeEnd || va.matrices !== vb.matrices)
            continue;
          const { costs, durations, distances, size } = va.matrices;
          for (let i = 0; i <= mA; i++) {
            const ai = A.location[i]!;
            const aNext = A.location[i + 1]!;
            const cutA = costs[ai * size + aNext]!;
            for (let j = 0; j <= mB; j++) {
              if (i === mA && j === mB) continue;
              const bj = B.location[j]!;
              const bNext = B.location[j + 1]!;
              let gain =
                cutA + costs[bj * size + bNext]! - costs[ai * size + bNext]! - costs[bj * size + aNext]!;
              const aTail = mA - i;
              const bTail = mB - j;
              if (i === 0 && bTail === 0) gain += va.fixed;
              if (j === 0 && aTail === 0) gain += vb.fixed;
              if (gain <= bestGain) continue;
              if (A.leave[i]! + durations[ai * size + bNext]! > B.late[j + 1]!) continue;
              if (B.leave[j]! + durations[bj * size + aNext]! > A.late[i + 1]!) continue;
              if (i + bTail > va.maxTasks || j + aTail > vb.maxTasks) continue;
              let fits = true;
              for (let d = 0; d < dimensions && fits; d++) {
                const endA = (mA + 1) * dimensions + d;
                const endB = (mB + 1) * dimensions + d;
                // Deliveries: what is aboard at the start; pickups: what is aboard at the end.
                const aHead = problem.hasPickups
                  ? A.load[i * dimensions + d]!
                  : A.load[d]! - A.load[i * dimensions + d]!;
                const bHead = problem.hasPickups
                  ? B.load[j * dimensions + d]!
                  : B.load[d]! - B.load[j * dimensions + d]!;
                const aRest = problem.hasPickups
                  ? A.load[endA]! - A.load[i * dimensions + d]!
                  : A.load[i * dimensions + d]!;
                const bRest = problem.hasPickups
                  ? B.load[endB]! - B.load[j * dimensions + d]!
                  : B.load[j * dimensions + d]!;
                if (aHead + bRest > va.capacity[d]! || bHead + aRest > vb.capacity[d]!) fits = false;
              }
              if (!fits) continue;
              if (va.maxTravelTime < Infinity || vb.maxTravelTime < Infinity) {
                const newA =
                  A.travelTo[i]! + durations[ai * size + bNext]! + B.travelTime - B.travelTo[j + 1]!;
                const newB =
                  B.travelTo[j]! + durations[bj * size + aNext]! + A.travelTime - A.travelTo[i + 1]!;
                if (newA > va.maxTravelTime || newB > vb.maxTravelTime) continue;
              }
              if (distances && (va.maxDistance < Infinity || vb.maxDistance < Infinity)) {
                const newA =
                  A.distanceTo[i]! + distances[ai * size + bNext]! + B.distance - B.distanceTo[j + 1]!;
                const newB =
                  B.distanceTo[j]! + distances[bj * size + aNext]! + A.distance - A.distanceTo[i + 1]!;
                if (newA > va.maxDistance || newB > vb.maxDistance) continue;
              }
              if (problem.compatible && !(this.fits(va, B.jobs, j) && this.fits(vb, A.jobs, i))) continue;
              if (problem.hasRideLimits) {
                if (A.windowedJobs === 0 && B.windowedJobs === 0) {
                  // No windows: a tail swap delays (or advances) the boarding riders of each head and
                  // the alighting riders of each tail by a known amount (route.ts).
                  const service = (route: Route, k: number) =>
                    k >= 1 && k <= route.jobs.length ? problem.jobService[route.jobs[k - 1]!]! : 0;
                  const aToEnd = durations[ai * size + bNext]! + service(B, j + 1) + B.tailTime[j + 1]!;
                  const bToEnd = durations[bj * size + aNext]! + service(A, i + 1) + A.tailTime[i + 1]!;
                  if (aToEnd - A.tailTime[i]! > A.rideSlackBefore[i]!) continue;
                  if (bToEnd - B.tailTime[j]! > B.rideSlackBefore[j]!) continue;
                  const bTailFrom = A.headTime[i]! + service(A, i) + durations[ai * size + bNext]!;
                  const aTailFrom = B.headTime[j]! + service(B, j) + durations[bj * size + aNext]!;
                  if (bTailFrom - B.headTime[j + 1]! > B.rideSlackAfter[j + 1]!) continue;
                  if (aTailFrom - A.headTime[i + 1]! > A.rideSlackAfter[i + 1]!) continue;
                } else {
                  const jobsA = A.jobs.slice(0, i).concat(B.jobs.slice(j));
                  const jobsB = B.jobs.slice(0, j).concat(A.jobs.slice(i));
                  if (
                    !scheduleRoute(problem, va, jobsA).feasible ||
                    !scheduleRoute(problem, vb, jobsB).feasible
                  ) {
                    continue;
                  }
                }
              }
              bestGain = gain;
              bestA = a;
              bestB = b;
              bestI = i;
              bestJ = j;
            }
          }
        }
      }
      if (bestA < 0) return;
      this.touch(bestA);
      this.touch(bestB);
      const A = routes[bestA]!;
      const B = routes[bestB]!;
      const jobsA = A.jobs.slice(0, bestI).concat(B.jobs.slice(bestJ));
      const jobsB = B.jobs.slice(0, bestJ).concat(A.jobs.slice(bestI));
      A.jobs = jobsA;
      B.jobs = jobsB;
      A.update();
      B.update();
      for (const job of jobsA) this.jobRoute[job] = bestA;
      for (const job of jobsB) this.jobRoute[job] = bestB;
    }
  }

  /** Whether the vehicle has the skills of jobs[from..]. */
  private fits(vehicle: Route["vehicle"], jobs: number[], from: number): boolean {
    const compatible = this.problem.compatible;
    if (!compatible) return true;
    for (let k = from; k < jobs.length; k++) {
      if (compatible[vehicle.index * this.problem.jobCount + jobs[k]!] === 0) return false;
    }
    return true;
  }

  private order(jobs: number[]): void {
    const pick = this.random.below(11);
    if (pick < 4) {
      this.random.shuffle(jobs);
    } else if (pick < 8) {
      const demand = this.sortKeyDemand;
      this.random.shuffle(jobs).sort((a, b) => demand[b]! - demand[a]!);
    } else if (pick < 10) {
      const far = this.sortKeyFar;
      jobs.sort((a, b) => far[b]! - far[a]!);
    } else {
      const far = this.sortKeyFar;
      jobs.sort((a, b) => far[a]! - far[b]!);
    }
  }
}
