/**
 * The travel model (issue 33, decision 0058): how long the bus takes between two points. One home
 * for everything that times a bus: the planner's matrix and planned times, the figures of the
 * Planificación page, the incidents' LATE rule (and so the rider alerts), and «Mi bus» on the phone.
 * The bus drives straight km × circuity at a MOVING speed (stops and dwell excluded) and spends
 * `serviceMinutes` at each stop on top; the speed is measured the same way (`movingFigures`), so
 * the stops are never counted twice. No zod here: Treiber App imports this file alone.
 */
import { greatCircleKm } from "./geo.js";

export type TravelPoint = { latitude: number; longitude: number };

/** What a leg is timed with: the moving speed and road km ÷ straight-line km. */
export type TravelModel = { speedKmh: number; circuity: number };

/** The factory values, used until a branch office has MIN_CALIBRATION_TRIPS trips of its own. */
export const TRAVEL_DEFAULTS = {
  /** Moving speeds (km/h) when the trip runs in the peak hours and outside them. */
  peakSpeedKmh: 22,
  offPeakSpeedKmh: 32,
  /** Road km ÷ straight-line km. */
  circuity: 1.35,
  /** Minutes the bus spends at each stop. */
  serviceMinutes: 2,
} as const;

/** Plausible values: a measured median outside them is clamped, and an override must lie within. */
export const SPEED_RANGE_KMH = [8, 80] as const;
export const CIRCUITY_RANGE = [1, 2.5] as const;

/** Peak hours (local), [from, to) in minutes of the day: 06:00–09:00 and 16:00–19:00. */
export const PEAK_HOURS: readonly (readonly [number, number])[] = [
  [6 * 60, 9 * 60],
  [16 * 60, 19 * 60],
];

const DAY_MINUTES = 24 * 60;

/** Straight-line (great-circle) km between two points. */
export function straightKm(a: TravelPoint, b: TravelPoint): number {
  return greatCircleKm(a, b);
}

/** Minutes of driving `roadKm` at a moving speed (the one formula every caller times road with). */
export function drivingMinutes(roadKm: number, speedKmh: number): number {
  return (roadKm / speedKmh) * 60;
}

/** Road km and minutes of driving between two points: straight km × circuity at the moving speed. */
export function travel(a: TravelPoint, b: TravelPoint, model: TravelModel) {
  const km = straightKm(a, b) * model.circuity;
  return { km, minutes: drivingMinutes(km, model.speedKmh) };
}

/** Whether a time of day (minutes) falls in the peak hours. */
export function isPeak(minuteOfDay: number): boolean {
  const m = ((minuteOfDay % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return PEAK_HOURS.some(([from, to]) => m >= from && m < to);
}

export const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

// ---------- When the bus reaches a stop: the one ETA a rider sees ----------

/** A leg's model plus the minutes the bus spends at each stop. */
export type StopTravelModel = TravelModel & { serviceMinutes: number };

/** How far from a stop the bus is taken to be at it (serving it), in metres. */
export const AT_STOP_METERS = 150;

/**
 * Road km and minutes for the bus at `bus` to reach the last of `ahead` — the stops still ahead in
 * the order it visits them, the rider's own last — going through each: every leg timed by `travel`,
 * plus `serviceMinutes` at every stop before the last. A bus within AT_STOP_METERS of the first stop
 * ahead is serving it already: that stop's service is not counted (what is left of it is unknown, and
 * a rider would rather hear it early than late). `servedStops` is how many stops it serves on the
 * way. The one ETA of «Mi bus» and of the rider alerts (decision 0067). Empty `ahead`: 0.
 */
export function arrivalViaStops(
  bus: TravelPoint,
  ahead: readonly TravelPoint[],
  model: StopTravelModel,
): { km: number; minutes: number; servedStops: number } {
  let km = 0;
  let minutes = 0;
  let from = bus;
  ahead.forEach((stop, i) => {
    const leg = travel(from, stop, model);
    km += leg.km;
    minutes += leg.minutes;
    from = stop;
    if (i === ahead.length - 1) return;
    const serving = i === 0 && greatCircleKm(bus, stop) * 1000 <= AT_STOP_METERS;
    if (!serving) minutes += model.serviceMinutes;
  });
  return { km, minutes, servedStops: Math.max(0, ahead.length - 1) };
}

// ---------- Where a shift's model comes from ----------

/** `override`: set on the shift; `calibrated`: the branch office's own trips; `default`: TRAVEL_DEFAULTS. */
export const TRAVEL_SOURCES = ["override", "calibrated", "default"] as const;
export type TravelSource = (typeof TRAVEL_SOURCES)[number];

/** What the calibration of a branch office gives (the contract's `Calibration` has all of it). */
export type CalibratedFigures = {
  minTrips: number;
  peakSpeedKmh: number;
  offPeakSpeedKmh: number;
  circuity: number;
  /** Trips behind each value: a value is calibrated with at least `minTrips` of them. */
  peakTrips?: number;
  offPeakTrips?: number;
  circuityTrips?: number;
};

/** A shift's override (null or absent: the calculated value). */
export type TravelOverride = { travelSpeedKmh?: number | null; travelCircuity?: number | null };

export type ShiftTravelModel = TravelModel & {
  /** The shift's time is in the peak hours (its speed is the peak one). */
  peak: boolean;
  speedSource: TravelSource;
  circuitySource: TravelSource;
};

/**
 * The model a shift runs with: its override when set, else the calibrated value for its hour (peak
 * or not), which the calibration already left at the default without enough trips of its own.
 */
export function shiftTravelModel(
  shift: { time: string } & TravelOverride,
  calibration: CalibratedFigures,
): ShiftTravelModel {
  const peak = isPeak(minutesOfDay(shift.time));
  const speedTrips = (peak ? calibration.peakTrips : calibration.offPeakTrips) ?? 0;
  const calculatedSource = (trips: number): TravelSource =>
    trips >= calibration.minTrips ? "calibrated" : "default";
  const speedOverride = shift.travelSpeedKmh ?? null;
  const circuityOverride = shift.travelCircuity ?? null;
  return {
    peak,
    speedKmh: speedOverride ?? (peak ? calibration.peakSpeedKmh : calibration.offPeakSpeedKmh),
    circuity: circuityOverride ?? calibration.circuity,
    speedSource: speedOverride !== null ? "override" : calculatedSource(speedTrips),
    circuitySource: circuityOverride !== null ? "override" : calculatedSource(calibration.circuityTrips ?? 0),
  };
}

// ---------- Measuring a trip's moving speed ----------

export type TimedPoint = TravelPoint & { at: number };

/** How a trip's positions are read into moving km and moving time (tuned against 15 m GPS noise). */
export const MOVING_SETTINGS = {
  /** Positions within this of a spell's running centre are the bus standing (noise stays inside). */
  standRadiusMeters: 30,
  /** A spell this long is standing; shorter, the bus was only slow. */
  standSeconds: 20,
  /** Standing within this of a stop (a boarding, a route stop, the workplace) is dwell. */
  stopRadiusMeters: 150,
  /** Standing this long is dwell wherever it happens (waiting, a break); shorter is traffic. */
  longStandSeconds: 180,
  /** Between two positions farther apart in time nothing is known: neither km nor time count. */
  maxGapSeconds: 300,
  /** Faster between two positions is a GPS jump. */
  maxSpeedKmh: 130,
  /** Slower over more than `standSeconds` is standing too (a slow pair across a silence). */
  minMovingKmh: 3,
} as const;

const metersBetween = (a: TravelPoint, b: TravelPoint) => straightKm(a, b) * 1000;

/**
 * The run of positions from `from` that stay within `standRadiusMeters` of their running centre
 * (noise around a standing bus); one stray fix does not end it when the next is back inside.
 */
function standingSpell(points: readonly TimedPoint[], from: number) {
  const first = points[from] as TimedPoint;
  let latitude = first.latitude;
  let longitude = first.longitude;
  let count = 1;
  let last = from;
  const centre = () => ({ latitude: latitude / count, longitude: longitude / count });
  const inside = (k: number) =>
    k < points.length &&
    metersBetween(centre(), points[k] as TimedPoint) <= MOVING_SETTINGS.standRadiusMeters;
  const join = (k: number) => {
    latitude += (points[k] as TimedPoint).latitude;
    longitude += (points[k] as TimedPoint).longitude;
    count++;
    last = k;
  };
  for (let j = from + 1; j < points.length; j++) {
    if (inside(j)) join(j);
    else if (inside(j + 1)) join(++j);
    else break;
  }
  return { last, centre: centre() };
}

/**
 * The km a trip drove and the seconds it took to drive them, without its dwell: spells standing
 * still at a stop, at the start or the end, or longer than `longStandSeconds` anywhere count for
 * nothing; shorter standing elsewhere (lights, traffic) counts its time but no km (GPS noise is not
 * road). `stops` are where the bus stops on purpose. Speed = km ÷ (seconds / 3600).
 */
export function movingFigures(
  positions: readonly TimedPoint[],
  stops: readonly TravelPoint[],
): { km: number; seconds: number } {
  const s = MOVING_SETTINGS;
  const points = positions
    .filter((p) => Number.isFinite(p.latitude) && Number.isFinite(p.longitude) && Number.isFinite(p.at))
    .sort((a, b) => a.at - b.at);
  const n = points.length;
  // Per pair (k, k + 1): 0 = moving, 1 = standing (time counts, km do not), 2 = dwell (nothing counts).
  const pair = new Uint8Array(Math.max(0, n - 1));
  let i = 0;
  while (i < n - 1) {
    const spell = standingSpell(points, i);
    const first = points[i] as TimedPoint;
    const end = points[spell.last] as TimedPoint;
    const seconds = (end.at - first.at) / 1000;
    // A bus crawling along drags the centre with it: it is not standing when it ends up farther
    // than the radius from where it started (slower than about 5 km/h over `standSeconds` it is).
    if (spell.last === i || seconds < s.standSeconds || metersBetween(first, end) > s.standRadiusMeters) {
      i++;
      continue;
    }
    const dwell =
      i === 0 ||
      spell.last === n - 1 ||
      seconds >= s.longStandSeconds ||
      stops.some((stop) => metersBetween(stop, spell.centre) <= s.stopRadiusMeters);
    for (let k = i; k < spell.last; k++) pair[k] = dwell ? 2 : 1;
    i = spell.last;
  }
  let meters = 0;
  let seconds = 0;
  for (let k = 0; k < n - 1; k++) {
    if (pair[k] === 2) continue;
    const a = points[k] as TimedPoint;
    const b = points[k + 1] as TimedPoint;
    const dt = (b.at - a.at) / 1000;
    if (!(dt > 0) || dt > s.maxGapSeconds) continue;
    if (pair[k] === 1) {
      seconds += dt;
      continue;
    }
    const d = metersBetween(a, b);
    const kmh = (d / dt) * 3.6;
    if (kmh > s.maxSpeedKmh || (dt > s.standSeconds && kmh < s.minMovingKmh)) continue;
    meters += d;
    seconds += dt;
  }
  return { km: meters / 1000, seconds };
}
