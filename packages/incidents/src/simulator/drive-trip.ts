import type { SeededRandom } from "@treiber/contract/seeded-random";
import type { EvidencePosition } from "../types.js";
import type { Detour } from "./detour.js";
import type { Fault, TruePosition } from "./fault-truth.js";
import { TRUTH } from "./fault-truth.js";
import { pointAt, pointOnLine } from "./road-geometry.js";
import type { SimulatedRoute } from "./simulated-route.js";
import { CHUNK_METERS, type CityDraws, type FaultDraws } from "./trip-draws.js";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** A trip still going after this long is cut there. */
const LONGEST_TRIP_MS = 6 * 60 * MINUTE;

export type DriveSettings = {
  faults: ReadonlySet<Fault>;
  noiseMeters: number;
  intervalSeconds: readonly [number, number];
  stopSeconds: readonly [number, number];
};

/** What the drive produced: what the phone took, what truly happened, who boarded. */
export type DrivenTrip = {
  /** The phone's positions (with noise), in time order. */
  positions: EvidencePosition[];
  truePositions: TruePosition[];
  boardings: { at: number; riderId: number }[];
  /** When the bus truly reached each stop (index 0: the start). */
  arrivals: number[];
  /** When it reached the road's end (null: cut before). */
  arrivedAt: number | null;
  endedAt: number;
  skipPassedAt: number | null;
  dwellStartedAt: number | null;
};

/**
 * Drives one trip second by second along its road (see `simulateTrip`): the cruise speed of the
 * chunk, the jam, the detour, the stops (riders board while it stands), red lights, the long dwell;
 * a position every few seconds with Gaussian noise. Draws from `random` in the same order always.
 */
export function driveTrip(
  route: SimulatedRoute,
  random: SeededRandom,
  city: CityDraws,
  draws: FaultDraws,
  settings: DriveSettings,
  startedAt: number,
): DrivenTrip {
  return new TripDriver(route, random, city, draws, settings, startedAt).run();
}

class TripDriver {
  private readonly length: number;
  private t: number;
  private s = 0;
  private x: number;
  private y: number;
  private pausedUntil: number;
  private nextSample: number;
  private nextLight = 0;
  private nextStop = 1;
  /** Metres along the detour while on it. */
  private onDetour: number | null = null;
  private endAt = Number.POSITIVE_INFINITY;
  private readonly out: DrivenTrip;

  constructor(
    private readonly route: SimulatedRoute,
    private readonly random: SeededRandom,
    private readonly city: CityDraws,
    private readonly draws: FaultDraws,
    private readonly settings: DriveSettings,
    private readonly startedAt: number,
  ) {
    this.length = route.roadCum[route.roadCum.length - 1] ?? 0;
    this.out = {
      positions: [],
      truePositions: [],
      boardings: [],
      arrivals: [startedAt],
      arrivedAt: null,
      endedAt: startedAt,
      skipPassedAt: null,
      dwellStartedAt: null,
    };
    this.t = startedAt;
    this.x = route.roadX[0] ?? 0;
    this.y = route.roadY[0] ?? 0;
    const [minStop, maxStop] = settings.stopSeconds;
    this.pausedUntil = startedAt + random.between(minStop, maxStop) * SECOND;
    this.board(0, startedAt, (this.pausedUntil - startedAt) / SECOND);
    this.nextSample = this.t + this.interval();
  }

  run(): DrivenTrip {
    while (this.t < this.endAt) {
      this.t += SECOND;
      if (this.t >= this.pausedUntil && this.out.arrivedAt === null) this.move();
      if (this.t >= this.nextSample) this.sample();
      if (this.t - this.startedAt > LONGEST_TRIP_MS) break;
    }
    this.out.endedAt = Number.isFinite(this.endAt) ? this.endAt : this.t;
    return this.out;
  }

  private interval(): number {
    const [min, max] = this.settings.intervalSeconds;
    return this.random.between(min, max) * SECOND;
  }

  /** The riders of `stop` board while the bus stands there `seconds` from `from` (5 % do not show). */
  private board(stop: number, from: number, seconds: number): void {
    for (const riderId of this.route.plan.stops[stop]?.riderIds ?? []) {
      if (this.random.chance(0.05)) continue;
      this.out.boardings.push({
        at: from + this.random.between(5, Math.max(6, seconds - 5)) * SECOND,
        riderId,
      });
    }
  }

  /** One second of driving at the chunk's speed (a fifth of it in the jam). */
  private move(): void {
    const { cruise, chunkFactors } = this.city;
    const { jamStart, jamLength, detour } = this.draws;
    let v = cruise * (chunkFactors[Math.floor(this.s / CHUNK_METERS)] ?? 1);
    if (this.settings.faults.has("late") && this.s >= jamStart && this.s < jamStart + jamLength) v *= 0.2;
    if (this.onDetour !== null && detour) this.alongDetour(detour, this.onDetour + v);
    else this.alongRoad(v);
  }

  private alongDetour(detour: Detour, along: number): void {
    const total = detour.cum[detour.cum.length - 1] ?? 0;
    if (along >= total) {
      this.onDetour = null;
      this.s = detour.end;
      [this.x, this.y] = pointAt(this.route.roadX, this.route.roadY, this.route.roadCum, this.s);
    } else {
      this.onDetour = along;
      [this.x, this.y] = pointOnLine(detour.points, detour.cum, along);
    }
  }

  private alongRoad(v: number): void {
    const before = this.s;
    const { detour } = this.draws;
    this.s = Math.min(this.length, this.s + v);
    if (this.settings.faults.has("detour") && detour && before < detour.start && this.s >= detour.start) {
      this.s = detour.start;
      this.onDetour = 0;
    }
    this.reachStop(before);
    this.reachLight(before);
    this.reachDwell(before);
    this.noteSkipPassed(before);
    if (this.onDetour === null)
      [this.x, this.y] = pointAt(this.route.roadX, this.route.roadY, this.route.roadCum, this.s);
    if (this.s >= this.length) {
      this.out.arrivedAt = this.t;
      this.endAt = this.t + this.random.between(30, 60) * SECOND;
    }
  }

  private reachStop(before: number): void {
    const stopAt = this.route.roadStops[this.nextStop];
    if (stopAt === undefined || before >= stopAt || this.s < stopAt) return;
    this.s = stopAt;
    this.out.arrivals[this.nextStop] = this.t;
    if (!(this.settings.faults.has("skip") && this.nextStop === this.draws.skipStop)) {
      const [minStop, maxStop] = this.settings.stopSeconds;
      const seconds = this.random.between(minStop, maxStop);
      this.pausedUntil = this.t + seconds * SECOND;
      this.board(this.nextStop, this.t, seconds);
    }
    this.nextStop++;
  }

  private reachLight(before: number): void {
    const light = this.city.lights[this.nextLight];
    if (!light || before >= light.at || this.s < light.at) return;
    this.pausedUntil = Math.max(this.pausedUntil, this.t + light.seconds * SECOND);
    this.nextLight++;
  }

  private reachDwell(before: number): void {
    const { dwellAt, dwellMinutes } = this.draws;
    if (!this.settings.faults.has("dwell") || dwellAt < 0 || this.out.dwellStartedAt !== null) return;
    if (before >= dwellAt || this.s < dwellAt) return;
    this.out.dwellStartedAt = this.t;
    this.pausedUntil = this.t + dwellMinutes * MINUTE;
  }

  private noteSkipPassed(before: number): void {
    const { skipStop } = this.draws;
    if (this.out.skipPassedAt !== null || skipStop < 0) return;
    const mark = (this.route.roadStops[skipStop] ?? 0) + TRUTH.skipMeters;
    if (before < mark && this.s >= mark) this.out.skipPassedAt = this.t;
  }

  /** The phone takes a position: the true place plus Gaussian noise on each axis. */
  private sample(): void {
    const { t, x, y } = this;
    const noise = this.settings.noiseMeters;
    this.out.truePositions.push({ at: t, x, y, detour: this.onDetour !== null });
    const geo = this.route.projection.toGeo(
      x + this.random.gaussian() * noise,
      y + this.random.gaussian() * noise,
    );
    this.out.positions.push({ latitude: geo.latitude, longitude: geo.longitude, at: t });
    this.nextSample = t + this.interval();
  }
}
