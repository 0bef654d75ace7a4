import { compilePath } from "./compile-path.js";
import { IncidentBook } from "./incident-book.js";
import { LateRule, type PredictedArrival } from "./late-rule.js";
import { LongDwellRule } from "./long-dwell-rule.js";
import { OffRouteRule } from "./off-route-rule.js";
import { OverCapacityRule } from "./over-capacity-rule.js";
import { PathProgress } from "./path-progress.js";
import type { PathSource } from "./planned-path.js";
import { SkippedStopRule } from "./skipped-stop-rule.js";
import { StoppedAtStopRule } from "./stopped-at-stop-rule.js";
import { INCIDENT_THRESHOLD_DEFAULTS, MATCHING_SETTINGS } from "./thresholds.js";
import { KMH, MINUTE, ruleThresholds, type TripContext } from "./trip-context.js";
import { TripStops } from "./trip-stops.js";
import type {
  EvidencePosition,
  IncidentThresholds,
  IncidentTransition,
  OpenIncident,
  TripEvent,
  TripPlan,
} from "./types.js";

export type { PredictedArrival } from "./late-rule.js";

/** An event's own time, never ahead of the server's (a phone's clock may be) nor missing. */
const eventTime = (time: number, now: number) => (Number.isFinite(time) ? Math.min(time, now) : now);

export type TripMonitorOptions = { thresholds?: Partial<IncidentThresholds> };

export type TripMonitorSnapshot = {
  started: boolean;
  ended: boolean;
  pathSource: PathSource | null;
  pathLengthMeters: number;
  joined: boolean;
  progressMeters: number;
  /** The smoothed moving speed on the road. */
  speedKmh: number;
  offRoute: boolean;
  /**
   * Without a trace: metres driven beyond what closing on the next stop explains (what OFF_ROUTE
   * reads there, `ApproachTracker`); 0 with a trace.
   */
  detourMeters: number;
  /** The next stop not yet passed (null: none left). */
  nextStopIndex: number | null;
  /** The remaining stops (and, inbound, the workplace) with their predicted arrival. */
  arrivals: PredictedArrival[];
  open: OpenIncident[];
};

type PositionEvent = { at: number; latitude: number; longitude: number; accuracy?: number | null };

/**
 * The rules of one trip (issue 25), evaluated as its events arrive: `handle(event, now)` returns the
 * incidents it opened or closed. Pure and deterministic: no clock or I/O of its own, `now` is the
 * server's time when the event is handled (ticks included). Each event goes to its handler, each
 * rule lives in its own class (OFF_ROUTE, SKIPPED_STOP, stopped at a stop, LONG_DWELL, LATE,
 * OVER_CAPACITY); NOT_STARTED and NO_GPS are the timer's, here. Keeps a few numbers per trip.
 */
export class TripMonitor {
  private readonly context: TripContext;
  private readonly progress: PathProgress;
  private readonly stops: TripStops;
  private readonly offRoute: OffRouteRule;
  private readonly skipped: SkippedStopRule;
  private readonly stopped: StoppedAtStopRule;
  private readonly dwell: LongDwellRule;
  private readonly lateRule: LateRule;
  private readonly capacity: OverCapacityRule;

  private started = false;
  private ended = false;
  private startAt = 0;
  private lastReceivedAt = 0;
  private lastPositionAt = Number.NEGATIVE_INFINITY;
  private lastEvidence: EvidencePosition | null = null;

  constructor(plan: TripPlan, options: TripMonitorOptions = {}) {
    const th = { ...INCIDENT_THRESHOLD_DEFAULTS, ...options.thresholds };
    const t = ruleThresholds(th);
    const book = new IncidentBook(th.reopenAfterMinutes * MINUTE);
    this.context = { plan, path: compilePath(plan), t, book };
    this.progress = new PathProgress(plan, t.onMeters);
    this.stops = new TripStops(this.context);
    this.offRoute = new OffRouteRule(this.context);
    this.skipped = new SkippedStopRule(this.context, this.stops, this.progress);
    this.stopped = new StoppedAtStopRule(this.stops);
    this.dwell = new LongDwellRule(this.context, this.stops);
    this.lateRule = new LateRule(this.context, this.stops, this.progress);
    this.capacity = new OverCapacityRule(this.context, this.stops);
  }

  /** Handles one event at the server's time `now`; the incidents it opened or closed. */
  handle(event: TripEvent, now: number): readonly IncidentTransition[] {
    const { book } = this.context;
    if (this.ended || !Number.isFinite(now)) return book.take();
    switch (event.kind) {
      case "position":
        this.onPosition(event, now);
        break;
      case "tick":
        this.onTick(now);
        break;
      case "start":
        this.onStart(eventTime(event.at, now), now);
        break;
      case "end":
        book.closeAll(eventTime(event.at, now));
        this.ended = true;
        break;
      case "boarding":
        this.capacity.onBoarding(event.riderId ?? null, eventTime(event.at, now), now);
        break;
      case "cancellation":
        this.stops.riderDone(event.riderId, eventTime(event.at, now));
        break;
      case "stop":
        if (Number.isInteger(event.stopIndex) && event.stopIndex >= 0 && event.stopIndex < this.stops.count) {
          this.stops.markVisited(event.stopIndex, eventTime(event.at, now));
        }
        break;
    }
    return book.take();
  }

  openIncidents(): OpenIncident[] {
    return [...this.context.book.open.values()];
  }

  snapshot(now: number): TripMonitorSnapshot {
    const { path } = this.context;
    const p = this.progress;
    return {
      started: this.started,
      ended: this.ended,
      pathSource: path?.source ?? null,
      pathLengthMeters: path?.length ?? 0,
      joined: p.joined,
      progressMeters: p.progress,
      speedKmh: p.speed / KMH,
      offRoute: this.offRoute.isOff,
      detourMeters: this.stops.approach?.excess ?? 0,
      nextStopIndex: this.lateRule.nextStopIndex,
      arrivals:
        this.started && this.lastEvidence && path ? this.lateRule.arrivals(now, this.lastEvidence) : [],
      open: this.openIncidents(),
    };
  }

  private onStart(at: number, now: number): void {
    if (this.started) return;
    this.started = true;
    this.startAt = at;
    this.lastReceivedAt = now;
    this.progress.startAt(at);
    this.context.book.close("NOT_STARTED", at, "cleared");
  }

  /** NOT_STARTED before the start; NO_GPS and LATE after it. */
  private onTick(now: number): void {
    const { plan, t, book } = this.context;
    if (!this.started) {
      const departure = plan.plannedDepartureAt;
      if (departure !== null && now - departure >= t.notStarted) {
        book.tryOpen("NOT_STARTED", null, now, {}, []);
      }
      return;
    }
    if (now - this.lastReceivedAt >= t.noGps) {
      book.tryOpen("NO_GPS", null, now, {}, this.lastEvidence ? [this.lastEvidence] : []);
    }
    if (this.lastEvidence) this.lateRule.evaluate(now, true, this.lastEvidence);
  }

  private onPosition(event: PositionEvent, now: number): void {
    const at = this.accept(event, now);
    if (at === null) return;
    const { latitude, longitude } = event;
    const evidence: EvidencePosition = { latitude, longitude, at };
    this.lastEvidence = evidence;
    if (event.accuracy != null && event.accuracy > MATCHING_SETTINGS.maxAccuracyMeters) return;
    const path = this.context.path;
    if (!path) return;
    const fresh = at >= now - this.context.t.replay;
    const x = path.projection.x(longitude);
    const y = path.projection.y(latitude);
    const p = this.progress;
    const previousMatchAt = p.lastMatchedAt;
    p.match(path, x, y, at);
    this.skipped.noteCrossed(path, at, previousMatchAt);
    this.dwell.onPosition(path, x, y, at, evidence, fresh, p.progress);
    this.stopped.onPosition(path, x, y, at, this.startAt, p.progress);
    const approach = this.stops.approach;
    if (approach) {
      this.skipped.checkPassed(path, x, y, at, evidence, fresh);
      this.offRoute.onApproach(approach, x, y, at, evidence, fresh);
    } else {
      if (p.joined) this.offRoute.onTrace(p.offExcess, at, evidence, fresh);
      this.skipped.checkPassed(path, x, y, at, evidence, fresh);
    }
    this.lateRule.evaluate(at, fresh, this.lastEvidence);
  }

  /**
   * The position's time if it says something new (device time, never ahead of the server), after
   * noting the phone is alive (NO_GPS closes); null for a position before the start, broken, a
   * duplicate or older than the last: not even that the phone is alive.
   */
  private accept(event: PositionEvent, now: number): number | null {
    if (!this.started) return null;
    const { latitude, longitude } = event;
    if (
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180 ||
      !Number.isFinite(event.at)
    ) {
      return null;
    }
    const at = Math.min(event.at, now);
    if (at <= this.lastPositionAt || at < this.startAt) return null;
    this.lastPositionAt = at;
    this.lastReceivedAt = now;
    this.context.book.close("NO_GPS", now, "cleared");
    return at;
  }
}
