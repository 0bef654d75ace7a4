import { scheduleRoute } from "../schedule-route.js";
import type { Search } from "../search.js";

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

/**
 * SISR's ruin (adjacent string removal): strings of consecutive jobs from routes near a random seed job,
 * at most one string per route. Returns the removed jobs, now unassigned but not in `search.unassigned`
 * (recreate takes both). Removing jobs needs no feasibility check, except the maximum ride with time
 * windows (see take).
 */
export function ruinStrings(search: Search): number[] {
  const { problem, random, routes, jobRoute } = search;
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
    ruinString(search, r, job, maxString, removed);
    ruined.add(r);
  }
  return removed;
}

/** One string through `job` in route r: plain, or split (a few jobs in it kept). */
function ruinString(search: Search, r: number, job: number, maxString: number, removed: number[]): void {
  const random = search.random;
  const route = search.routes[r]!;
  const cardinality = route.jobs.length;
  const length = Math.floor(random.next() * Math.min(cardinality, maxString)) + 1;
  search.save(r);
  const at = route.jobs.indexOf(job);
  if (length === cardinality || random.next() >= SPLIT_RATE || length + 1 > cardinality) {
    const first = Math.max(0, Math.min(at - random.below(length), cardinality - length));
    take(search, r, first, length, 0, removed);
  } else {
    let kept = 1;
    while (length + kept < cardinality && random.next() < SPLIT_DEPTH) kept++;
    const span = length + kept;
    const first = Math.max(0, Math.min(at - random.below(span), cardinality - span));
    take(search, r, first, span, kept, removed);
  }
}

/**
 * Removes `span` jobs from position `first`, keeping `kept` consecutive ones among them. With time
 * windows and a maximum ride, taking stops out can lengthen a ride (the schedule then departs earlier
 * and waits at a window): such a string is left in place.
 */
function take(search: Search, r: number, first: number, span: number, kept: number, removed: number[]): void {
  const route = search.routes[r]!;
  const keepFrom = kept > 0 ? first + search.random.below(span - kept + 1) : -1;
  const next: number[] = [];
  const taken: number[] = [];
  route.jobs.forEach((job, position) => {
    const inSpan = position >= first && position < first + span;
    const keep = !inSpan || (position >= keepFrom && position < keepFrom + kept);
    (keep ? next : taken).push(job);
  });
  const { problem } = search;
  if (problem.hasRideLimits && route.windowedJobs > 0 && next.length > 0) {
    if (!scheduleRoute(problem, route.vehicle, next).feasible) return;
  }
  for (const job of taken) {
    removed.push(job);
    search.jobRoute[job] = -1;
  }
  route.jobs = next;
  route.update();
}
