import type { Search } from "../search.js";

/**
 * Route removal (SISR §6, fleet minimisation): takes a whole route out; its jobs become unassigned.
 * Removing jobs needs no feasibility check.
 */
export function removeRoute(search: Search, r: number): void {
  search.save(r);
  const route = search.routes[r]!;
  for (const job of route.jobs) {
    search.jobRoute[job] = -1;
    search.unassigned.push(job);
  }
  route.jobs = [];
  route.update();
}

/** The used route with the fewest jobs (the first of them), or -1 when none is used. */
export function smallestRoute(search: Search): number {
  let smallest = -1;
  search.routes.forEach((route, r) => {
    if (route.jobs.length > 0 && (smallest < 0 || route.jobs.length < search.routes[smallest]!.jobs.length)) {
      smallest = r;
    }
  });
  return smallest;
}
