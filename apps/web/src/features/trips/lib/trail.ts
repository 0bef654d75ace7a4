import type { TripPosition } from "@treiber/contract";

export type LatLng = [number, number];

export interface TrailPoint {
  latitude: number;
  longitude: number;
  date: string | null;
}

/** The stored trail as map points, oldest first, skipping unusable coordinates. */
export function trailFromPositions(positions: readonly TripPosition[]): TrailPoint[] {
  return positions
    .filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude))
    .map((p) => ({ latitude: p.latitude, longitude: p.longitude, date: p.recordedDate }))
    .sort((a, b) => (a.date ?? "").localeCompare(b.date ?? ""));
}

/**
 * Appends live points to the stored trail: a point already in the trail (same instant and place,
 * e.g. received while the detail was loading) is not repeated, and points stay in time order.
 */
export function mergeTrail(stored: readonly TrailPoint[], live: readonly TrailPoint[]): TrailPoint[] {
  if (live.length === 0) return [...stored];
  const seen = new Set(stored.map((p) => `${p.date}|${p.latitude}|${p.longitude}`));
  const lastStored = stored.at(-1)?.date ?? "";
  const extra = live.filter(
    (p) => !seen.has(`${p.date}|${p.latitude}|${p.longitude}`) && (p.date === null || p.date >= lastStored),
  );
  return [...stored, ...extra];
}

export const toLatLng = (point: TrailPoint): LatLng => [point.latitude, point.longitude];
