import { formatEta } from "@treiber/client/format";
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

/** The rider's own stop on the route ("Mis rutas"), as far as "Mi bus" needs it. */
export type RiderStop = { name: string; latitude: number; longitude: number; plannedTime: string };

/**
 * What "Mi bus" measures the distance and the ETA to: the rider's own stop on the route when it has
 * one (where the bus will pick them up or drop them, whatever the phone's position), else the rider
 * themself (the phone's position or their home on record), else nothing.
 */
export type EtaTarget =
  | { kind: "stop"; point: LatLng; name: string; plannedTime: string }
  | { kind: "me"; point: LatLng; label: string };

export function etaTarget(
  stop: RiderStop | null | undefined,
  me: LatLng | null,
  meLabel: string,
): EtaTarget | null {
  if (stop) {
    return {
      kind: "stop",
      point: { latitude: stop.latitude, longitude: stop.longitude },
      name: stop.name,
      plannedTime: stop.plannedTime,
    };
  }
  return me ? { kind: "me", point: me, label: meLabel } : null;
}

/** "Llega a su parada en ~7 min · planificada 06:42". */
export function stopEtaSentence(eta: Pick<Eta, "minutes">, plannedTime: string): string {
  return `Llega a su parada en ~${formatEta(eta.minutes)} · planificada ${plannedTime}`;
}

/**
 * Distance (straight line) from the bus's newest position to `target`, and the ETA over it; null
 * while the bus has sent no position or there is nothing to measure to.
 */
export function etaTo(
  positions: readonly TimedPosition[],
  target: EtaTarget | null,
): { distanceMeters: number; eta: Eta } | null {
  const newest = positions.reduce<TimedPosition | null>(
    (best, position) => (best === null || position.at >= best.at ? position : best),
    null,
  );
  if (!newest || !target) return null;
  const distanceMeters = haversineMeters(newest, target.point);
  return { distanceMeters, eta: estimateEta(distanceMeters, positions) };
}
