import { haversineMeters, type LatLng } from "./geo-distance";

/** A position of the bus with when it was recorded (ms since epoch). */
export type TimedPosition = LatLng & { at: number };

/** Urban average used when the bus's own speed is unknown or it is standing still. */
export const FALLBACK_SPEED_KMH = 25;
/** Below this the bus is stopped (a light, a stop): its speed says nothing about the arrival. */
export const MIN_SPEED_KMH = 5;
/** Above this a reading is a GPS jump, not a city bus. */
export const MAX_SPEED_KMH = 90;
/** Only the last positions of this window count as "recent". */
export const RECENT_WINDOW_MS = 5 * 60_000;
/** At most this many recent positions are averaged. */
export const RECENT_POSITIONS = 10;
/** A shorter span is too little to measure a speed. */
const MIN_SPAN_MS = 3_000;

/**
 * The bus's recent average speed in km/h: the distance along its last positions (at most 10, within
 * the last 5 minutes before the newest) over the time they span; null when it cannot be measured.
 */
export function recentSpeedKmh(positions: readonly TimedPosition[]): number | null {
  const sorted = [...positions].sort((a, b) => a.at - b.at);
  const newest = sorted.at(-1);
  if (!newest) return null;
  const recent = sorted.filter((p) => newest.at - p.at <= RECENT_WINDOW_MS).slice(-RECENT_POSITIONS);
  const oldest = recent[0];
  if (!oldest || recent.length < 2) return null;
  const span = newest.at - oldest.at;
  if (span < MIN_SPAN_MS) return null;
  let meters = 0;
  for (let i = 1; i < recent.length; i++) {
    const previous = recent[i - 1];
    const current = recent[i];
    if (previous && current) meters += haversineMeters(previous, current);
  }
  return meters / 1000 / (span / 3_600_000);
}

export type Eta = {
  /** Whole minutes, at least 1 while not arrived. */
  minutes: number;
  /** The speed used, km/h. */
  speedKmh: number;
  /** true when the speed is the bus's own recent average; false for the 25 km/h fallback. */
  measured: boolean;
};

/**
 * Estimated time for the bus to cover `distanceMeters` in a straight line: at its recent average
 * speed (clamped to at most 90 km/h), or at 25 km/h when unknown or below 5 km/h.
 */
export function estimateEta(distanceMeters: number, positions: readonly TimedPosition[]): Eta {
  const speed = recentSpeedKmh(positions);
  const measured = speed !== null && speed >= MIN_SPEED_KMH;
  const speedKmh = measured ? Math.min(speed, MAX_SPEED_KMH) : FALLBACK_SPEED_KMH;
  const minutes = distanceMeters / 1000 / speedKmh / (1 / 60);
  return { minutes: Math.max(1, Math.round(minutes)), speedKmh: Math.round(speedKmh), measured };
}
