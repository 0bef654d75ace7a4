import { type PlanPoint, straightKm } from "@treiber/contract";

export type RiderHome = PlanPoint & { employeeId: number; address: string | null };

/** A stop the planner visits: where, its name, and who boards (inbound) or alights (outbound) there. */
export type ClusteredStop = PlanPoint & {
  key: string;
  name: string;
  address: string | null;
  employeeIds: number[];
};

/** What Planning/apply accepts for a stop's name and address. */
const MAX_STOP_NAME = 120;
const MAX_STOP_ADDRESS = 300;

const metres = (a: PlanPoint, b: PlanPoint) => straightKm(a, b) * 1000;

/** For each home, the homes within the radius (itself included); 0 m: the very same point. */
function neighbourhoods(homes: readonly RiderHome[], radius: number): number[][] {
  return homes.map((home) => homes.flatMap((other, j) => (metres(home, other) <= radius ? [j] : [])));
}

/** The member nearest the members' centroid. */
function nearestToCentroid(homes: readonly RiderHome[], members: number[]): number {
  const centroid = {
    latitude: members.reduce((sum, i) => sum + (homes[i] as RiderHome).latitude, 0) / members.length,
    longitude: members.reduce((sum, i) => sum + (homes[i] as RiderHome).longitude, 0) / members.length,
  };
  let best = members[0] as number;
  for (const i of members) {
    if (metres(homes[i] as RiderHome, centroid) < metres(homes[best] as RiderHome, centroid)) best = i;
  }
  return best;
}

/**
 * Groups the riders' homes into shared stops within a walk of `walkRadiusMeters` (0 = each home its
 * own stop; riders at the very same point always share one). Densest homes first: a seed takes its
 * free neighbours (nearest first, at most `maxPerStop`), the stop is the member nearest their
 * centroid, and only members within the walk of that stop stay. The stop is named after its
 * rider's address, else «Parada N».
 */
export function clusterStops(
  homes: readonly RiderHome[],
  walkRadiusMeters: number,
  maxPerStop: number,
): ClusteredStop[] {
  const near = neighbourhoods(homes, walkRadiusMeters);
  const clustering: Clustering = { homes, near, taken: new Set(), walkRadiusMeters, maxPerStop };
  const order = homes
    .map((_, i) => i)
    .sort(
      (a, b) =>
        (near[b] as number[]).length - (near[a] as number[]).length ||
        (homes[a] as RiderHome).employeeId - (homes[b] as RiderHome).employeeId,
    );
  const stops: ClusteredStop[] = [];
  for (const seed of order) {
    // A seed left out of its own cluster (too far from the stop chosen) seeds the next one.
    while (!clustering.taken.has(seed)) stops.push(nextStop(clustering, seed, stops.length + 1));
  }
  return stops;
}

type Clustering = {
  homes: readonly RiderHome[];
  near: number[][];
  taken: Set<number>;
  walkRadiusMeters: number;
  maxPerStop: number;
};

/** The stop seeded by `seed` (the `number`-th stop); its members are marked taken. */
function nextStop(clustering: Clustering, seed: number, number: number): ClusteredStop {
  const { homes, near, taken, walkRadiusMeters, maxPerStop } = clustering;
  const seedHome = homes[seed] as RiderHome;
  const free = (near[seed] as number[])
    .filter((i) => !taken.has(i))
    .sort((a, b) => metres(seedHome, homes[a] as RiderHome) - metres(seedHome, homes[b] as RiderHome))
    .slice(0, Math.max(1, maxPerStop));
  const at = homes[nearestToCentroid(homes, free)] as RiderHome;
  const members = free.filter((i) => metres(at, homes[i] as RiderHome) <= walkRadiusMeters);
  for (const i of members) taken.add(i);
  const address = at.address?.trim() || null;
  return {
    key: `stop-${at.employeeId}`,
    name: address ? address.slice(0, MAX_STOP_NAME) : `Parada ${number}`,
    address: address ? address.slice(0, MAX_STOP_ADDRESS) : null,
    latitude: at.latitude,
    longitude: at.longitude,
    employeeIds: members.map((i) => (homes[i] as RiderHome).employeeId).sort((a, b) => a - b),
  };
}
