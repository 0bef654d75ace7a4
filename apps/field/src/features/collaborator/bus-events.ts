import type { TimedPosition } from "./bus-eta";

function objectOf(argument: unknown): Record<string, unknown> | null {
  let value = argument;
  if (typeof value === "string") {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
}

const finite = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** A `ReceivedDriverGeolocation` of trip `tripId` as a timed position, or null (other trip, bad data). */
export function parseBusPosition(argument: unknown, tripId: number, now = Date.now()): TimedPosition | null {
  const record = objectOf(argument);
  if (!record || Number(record.intermediateRouteId) !== tripId) return null;
  const latitude = finite(record.latitude);
  const longitude = finite(record.longitude);
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
    return null;
  const at = typeof record.date === "string" ? Date.parse(record.date) : Number.NaN;
  return { latitude, longitude, at: Number.isFinite(at) ? at : now };
}

/** True when a `FinishIntermediateRoute` argument is about trip `tripId` (object, JSON or bare id). */
export function isFinishOf(argument: unknown, tripId: number): boolean {
  const record = objectOf(argument);
  const id = record ? record.intermediateRouteId : argument;
  return Number(id) === tripId;
}

/** The trail after a refetch: both lists together, oldest first, without repeated positions, at most `max`. */
export function mergePositions(
  fetched: readonly TimedPosition[],
  live: readonly TimedPosition[],
  max = 200,
): TimedPosition[] {
  const byKey = new Map<string, TimedPosition>();
  for (const position of [...fetched, ...live]) {
    byKey.set(`${position.at}:${position.latitude}:${position.longitude}`, position);
  }
  return [...byKey.values()].sort((a, b) => a.at - b.at).slice(-max);
}
