import { formatEta, formatNumber } from "@treiber/client/format";
import { type GeoPoint, greatCircleMeters } from "@treiber/contract/geo";
import {
  AT_STOP_METERS,
  arrivalViaStops,
  isPeak,
  type StopTravelModel,
  TRAVEL_DEFAULTS,
  type TravelModel,
  type TravelSource,
} from "@treiber/contract/travel-model";

/** A position of the bus with when it was recorded (ms since epoch). */
export type TimedPosition = GeoPoint & { at: number };

/**
 * What "Mi bus" times the bus with (issue 33, decision 0058): the travel model of the route's shift
 * that the server sends with the trip, the one its planned times and the LATE alert use.
 */
export type EtaModel = StopTravelModel & { source: TravelSource };

/**
 * The model when the server sent none (another backend): the defaults for the hour of `now`
 * (local), as a shift at that hour without trips of its own would get.
 */
export function defaultEtaModel(now: Date): EtaModel {
  const peak = isPeak(now.getHours() * 60 + now.getMinutes());
  return {
    speedKmh: peak ? TRAVEL_DEFAULTS.peakSpeedKmh : TRAVEL_DEFAULTS.offPeakSpeedKmh,
    circuity: TRAVEL_DEFAULTS.circuity,
    serviceMinutes: TRAVEL_DEFAULTS.serviceMinutes,
    source: "default",
  };
}

/** The model of the trip's answer (`travelModel`), else the defaults. */
export function etaModelOf(
  sent: (TravelModel & { serviceMinutes?: number; speedSource: TravelSource }) | null | undefined,
  now: Date,
): EtaModel {
  if (!sent) return defaultEtaModel(now);
  return {
    speedKmh: sent.speedKmh,
    circuity: sent.circuity,
    serviceMinutes: sent.serviceMinutes ?? TRAVEL_DEFAULTS.serviceMinutes,
    source: sent.speedSource,
  };
}

export type Eta = {
  /** Whole minutes, at least 1 while not arrived. */
  minutes: number;
  /** The moving speed used, km/h, and where it comes from. */
  speedKmh: number;
  source: TravelSource;
  /** The stops the bus serves on the way (before the rider's own). */
  stopsOnTheWay: number;
};

/**
 * Estimated time for the bus at `from` to reach the last of `ahead` through the others (the stops
 * still ahead, the rider's own last): the contract's `arrivalViaStops`, the one ETA the rider alerts
 * use too (decision 0067), each leg the minutes the planner gives it.
 */
export function estimateEta(from: GeoPoint, ahead: readonly GeoPoint[], model: EtaModel): Eta {
  const { minutes, servedStops } = arrivalViaStops(from, ahead, model);
  return {
    minutes: Math.max(1, Math.round(minutes)),
    speedKmh: model.speedKmh,
    source: model.source,
    stopsOnTheWay: servedStops,
  };
}

/** Where the speed comes from, as the rider reads it. */
export const ETA_SOURCE_LABELS: Record<TravelSource, string> = {
  override: "fijada para su turno",
  calibrated: "medida en los viajes de su sucursal",
  default: "valor por defecto",
};

/**
 * "Estimado por calle a 22 km/h en movimiento (valor por defecto)", and ", pasando por 2 paradas
 * antes de la suya" when the bus serves some on the way.
 */
export function etaBasisSentence(eta: Pick<Eta, "speedKmh" | "source"> & { stopsOnTheWay?: number }): string {
  const speed = formatNumber(eta.speedKmh, 1);
  const basis = `Estimado por calle a ${speed} km/h en movimiento (${ETA_SOURCE_LABELS[eta.source]})`;
  const stops = eta.stopsOnTheWay ?? 0;
  if (stops === 0) return basis;
  return `${basis}, pasando por ${stops === 1 ? "1 parada" : `${stops} paradas`} antes de la suya`;
}

/** The rider's own stop on the route ("Mis rutas"), as far as "Mi bus" needs it. */
export type RiderStop = { name: string; latitude: number; longitude: number; plannedTime: string };

/**
 * What "Mi bus" measures the distance and the ETA to: the rider's own stop on the route when it has
 * one (where the bus will pick them up or drop them, whatever the phone's position), else the rider
 * themself (the phone's position or their home on record), else nothing.
 */
export type EtaTarget =
  | { kind: "stop"; point: GeoPoint; name: string; plannedTime: string }
  | { kind: "me"; point: GeoPoint; label: string };

export function etaTarget(
  stop: RiderStop | null | undefined,
  me: GeoPoint | null,
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

/** A stop counts as passed once the trail came this close (the stop points come rounded to ~100 m). */
export const PASSED_STOP_METERS = AT_STOP_METERS + 50;

/**
 * The stops before the rider's (`stopsBefore`, in visiting order) the bus has not passed yet: those
 * after the last one its trail came within PASSED_STOP_METERS of.
 */
export function stopsStillAhead(
  trail: readonly GeoPoint[],
  stopsBefore: readonly GeoPoint[],
): readonly GeoPoint[] {
  let passed = -1;
  stopsBefore.forEach((stop, i) => {
    if (trail.some((position) => greatCircleMeters(position, stop) <= PASSED_STOP_METERS)) passed = i;
  });
  return stopsBefore.slice(passed + 1);
}

/**
 * Distance (straight line) from the bus's newest position to `target`, and the ETA: to the rider's
 * stop through the stops still ahead of it (`stopsBefore`), to the rider themself straight; null
 * while the bus has sent no position or there is nothing to measure to.
 */
export function etaTo(
  positions: readonly TimedPosition[],
  target: EtaTarget | null,
  model: EtaModel,
  stopsBefore: readonly GeoPoint[] = [],
): { distanceMeters: number; eta: Eta } | null {
  const newest = positions.reduce<TimedPosition | null>(
    (best, position) => (best === null || position.at >= best.at ? position : best),
    null,
  );
  if (!newest || !target) return null;
  const distanceMeters = greatCircleMeters(newest, target.point);
  const ahead =
    target.kind === "stop" ? [...stopsStillAhead(positions, stopsBefore), target.point] : [target.point];
  return { distanceMeters, eta: estimateEta(newest, ahead, model) };
}
