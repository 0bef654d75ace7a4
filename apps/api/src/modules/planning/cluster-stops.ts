import { MAX_STOP_NAME, type PlanPoint, safeStopAddress, stopNameFor, straightKm } from "@treiber/contract";

export type RiderHome = PlanPoint & { employeeId: number; address: string | null };
/** A named place (a destination, a branch office) a stop with no street can be named after. */
export type Landmark = PlanPoint & { name: string };
/** How near a landmark must be to name a stop after it. */
export const LANDMARK_METERS = 300;

/** A stop the planner visits: where, its name, and who boards (inbound) or alights (outbound) there. */
export type ClusteredStop = PlanPoint & {
  key: string;
  name: string;
  address: string | null;
  employeeIds: number[];
};

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
 * centroid, and only members within the walk of that stop stay. A stop is shared and shown to
 * every co-rider and the driver, so it never carries a rider's home (issue 33): it is named after
 * the street of its place without the house number, else a landmark within LANDMARK_METERS, else
 * «Parada N»; its address keeps no house number or dwelling part. Names repeat as «… (2)».
 */
export function clusterStops(
  homes: readonly RiderHome[],
  walkRadiusMeters: number,
  maxPerStop: number,
  landmarks: readonly Landmark[] = [],
): ClusteredStop[] {
  const near = neighbourhoods(homes, walkRadiusMeters);
  const clustering: Clustering = {
    homes,
    near,
    taken: new Set(),
    walkRadiusMeters,
    maxPerStop,
    landmarks,
  };
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
  return distinctNames(stops);
}

/** The second and later stops of one name get « (2)», « (3)»… */
function distinctNames(stops: ClusteredStop[]): ClusteredStop[] {
  const seen = new Map<string, number>();
  return stops.map((stop) => {
    const key = stop.name.toLocaleLowerCase("es");
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) return stop;
    const suffix = ` (${count})`;
    return { ...stop, name: `${stop.name.slice(0, MAX_STOP_NAME - suffix.length).trim()}${suffix}` };
  });
}

/** The nearest landmark within LANDMARK_METERS of the point, or null. */
function landmarkNear(point: PlanPoint, landmarks: readonly Landmark[]): string | null {
  let best: { name: string; meters: number } | null = null;
  for (const landmark of landmarks) {
    const meters = metres(point, landmark);
    if (meters <= LANDMARK_METERS && (!best || meters < best.meters)) best = { name: landmark.name, meters };
  }
  return best ? `Cerca de ${best.name}` : null;
}

type Clustering = {
  homes: readonly RiderHome[];
  near: number[][];
  taken: Set<number>;
  walkRadiusMeters: number;
  maxPerStop: number;
  landmarks: readonly Landmark[];
};

/** The stop seeded by `seed` (the `number`-th stop); its members are marked taken. */
function nextStop(clustering: Clustering, seed: number, number: number): ClusteredStop {
  const { homes, near, taken, walkRadiusMeters, maxPerStop, landmarks } = clustering;
  const seedHome = homes[seed] as RiderHome;
  const free = (near[seed] as number[])
    .filter((i) => !taken.has(i))
    .sort((a, b) => metres(seedHome, homes[a] as RiderHome) - metres(seedHome, homes[b] as RiderHome))
    .slice(0, Math.max(1, maxPerStop));
  const at = homes[nearestToCentroid(homes, free)] as RiderHome;
  const members = free.filter((i) => metres(at, homes[i] as RiderHome) <= walkRadiusMeters);
  for (const i of members) taken.add(i);
  const address = at.address?.trim() || null;
  const landmark = landmarks.length > 0 ? landmarkNear(at, landmarks) : null;
  return {
    key: `stop-${at.employeeId}`,
    name: stopNameFor({ address, landmark }, number),
    address: safeStopAddress(address),
    latitude: at.latitude,
    longitude: at.longitude,
    employeeIds: members.map((i) => (homes[i] as RiderHome).employeeId).sort((a, b) => a - b),
  };
}
