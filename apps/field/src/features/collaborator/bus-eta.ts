import { formatEta } from "@treiber/client/format";
import {
  isPeak,
  TRAVEL_DEFAULTS,
  type TravelModel,
  type TravelSource,
  travel,
} from "@treiber/contract/travel-model";
import { haversineMeters, type LatLng } from "./geo-distance";

/** A position of the bus with when it was recorded (ms since epoch). */
export type TimedPosition = LatLng & { at: number };

/**
 * What "Mi bus" times the bus with (issue 33, decision 0058): the travel model of the route's shift
 * that the server sends with the trip, the one its planned times and the LATE alert use.
 */
export type EtaModel = TravelModel & { source: TravelSource };

/**
 * The model when the server sent none (another backend): the defaults for the hour of `now`
 * (local), as a shift at that hour without trips of its own would get.
 */
export function defaultEtaModel(now: Date): EtaModel {
  const peak = isPeak(now.getHours() * 60 + now.getMinutes());
  return {
    speedKmh: peak ? TRAVEL_DEFAULTS.peakSpeedKmh : TRAVEL_DEFAULTS.offPeakSpeedKmh,
    circuity: TRAVEL_DEFAULTS.circuity,
    source: "default",
  };
}

/** The model of the trip's answer (`travelModel`), else the defaults. */
export function etaModelOf(
  sent: (TravelModel & { speedSource: TravelSource }) | null | undefined,
  now: Date,
): EtaModel {
  if (!sent) return defaultEtaModel(now);
  return { speedKmh: sent.speedKmh, circuity: sent.circuity, source: sent.speedSource };
}

export type Eta = {
  /** Whole minutes, at least 1 while not arrived. */
  minutes: number;
  /** The moving speed used, km/h, and where it comes from. */
  speedKmh: number;
  source: TravelSource;
};

/**
 * Estimated time for the bus to drive from `from` to `to`: the contract's `travel` (straight km ×
 * circuity at the moving speed), the same minutes the planner gives that leg.
 */
export function estimateEta(from: LatLng, to: LatLng, model: EtaModel): Eta {
  const { minutes } = travel(from, to, model);
  return { minutes: Math.max(1, Math.round(minutes)), speedKmh: model.speedKmh, source: model.source };
}

/** Where the speed comes from, as the rider reads it. */
export const ETA_SOURCE_LABELS: Record<TravelSource, string> = {
  override: "fijada para su turno",
  calibrated: "medida en los viajes de su sucursal",
  default: "valor por defecto",
};

/** "Estimado por calle a 22 km/h en movimiento (valor por defecto)". */
export function etaBasisSentence(eta: Pick<Eta, "speedKmh" | "source">): string {
  const speed = eta.speedKmh.toLocaleString("es-DO", { maximumFractionDigits: 1 });
  return `Estimado por calle a ${speed} km/h en movimiento (${ETA_SOURCE_LABELS[eta.source]})`;
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
 * Distance (straight line) from the bus's newest position to `target`, and the ETA over it with
 * the travel model; null while the bus has sent no position or there is nothing to measure to.
 */
export function etaTo(
  positions: readonly TimedPosition[],
  target: EtaTarget | null,
  model: EtaModel,
): { distanceMeters: number; eta: Eta } | null {
  const newest = positions.reduce<TimedPosition | null>(
    (best, position) => (best === null || position.at >= best.at ? position : best),
    null,
  );
  if (!newest || !target) return null;
  const distanceMeters = haversineMeters(newest, target.point);
  return { distanceMeters, eta: estimateEta(newest, target.point, model) };
}
