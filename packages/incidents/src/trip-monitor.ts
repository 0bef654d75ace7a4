import { drivingMinutes, PLANNING_DEFAULTS, travel } from "@treiber/contract";
import { ApproachTracker } from "./approach-tracker.js";
import { DwellTracker, SlowClock } from "./dwell-tracker.js";
import { IncidentBook } from "./incident-book.js";
import { compilePath, emptyMatch, type PathSource, type PlannedPath } from "./planned-path.js";
import { INCIDENT_THRESHOLD_DEFAULTS, MATCHING_SETTINGS } from "./thresholds.js";
import type {
  EvidencePosition,
  GeoPoint,
  IncidentDetail,
  IncidentThresholds,
  IncidentTransition,
  OpenIncident,
  TripEvent,
  TripPlan,
} from "./types.js";

const MINUTE = 60_000;
const KMH = 1 / 3.6;
const OFF_ROUTE = "OFF_ROUTE";
const LATE = "LATE";
const NO_GPS = "NO_GPS";
const LONG_DWELL = "LONG_DWELL";
const NOT_STARTED = "NOT_STARTED";
/**
 * A stop crossed between two matched positions further apart than this was not seen (the phone
 * was silent there): it is not called skipped.
 */
const PASS_SEEN_MS = 60_000;
/** A first position this soon after the start is where the bus stood at the start. */
const START_FIX_MS = 15_000;

/** An event's own time, never ahead of the server's (a phone's clock may be) nor missing. */
const eventTime = (time: number, now: number) => (Number.isFinite(time) ? Math.min(time, now) : now);

export type TripMonitorOptions = { thresholds?: Partial<IncidentThresholds> };

export type PredictedArrival = {
  /** The stop (0-based), or null for the workplace. */
  stopIndex: number | null;
  plannedAt: number;
  predictedAt: number;
};

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

/**
 * The rules of one trip (issue 25), evaluated as its events arrive: `handle(event, now)` returns the
 * incidents it opened or closed. Pure and deterministic: no clock or I/O of its own, `now` is the
 * server's time when the event is handled (ticks included). Keeps a few numbers per trip.
 */
export class TripMonitor {
  private readonly t: {
    notStarted: number;
    late: number;
    lateClear: number;
    offMeters: number;
    offMs: number;
    offPositions: number;
    onMeters: number;
    onPositions: number;
    longDwell: number;
    noGps: number;
    replay: number;
  };
  private readonly path: PlannedPath | null;
  private readonly book: IncidentBook;
  private readonly speedCap: number;
  private readonly serviceMs: number;
  private readonly circuity: number;
  // Targets for LATE: the stops, then (inbound) the workplace, in path order.
  private readonly targetProgress: Float64Array;
  private readonly targetPlanned: Float64Array;
  private readonly targetStop: Int32Array;
  private nextTarget = 0;

  private started = false;
  private ended = false;
  private startAt = 0;
  private lastReceivedAt = 0;
  private lastPositionAt = Number.NEGATIVE_INFINITY;
  private lastEvidence: EvidencePosition | null = null;

  // Matching by progress.
  private joined = false;
  private progress = 0;
  private lastMatchedAt = 0;
  private readonly match = emptyMatch();
  private offExcess = 0;
  // Off the path: where the prediction starts from (the nearest place ahead) and the road back to it.
  private predictFrom = 0;
  private roadBack = 0;
  private speed: number;
  private speedAnchorAt = Number.NaN;
  private speedAnchorProgress = 0;

  // OFF_ROUTE.
  private offRoute = false;
  private offCount = 0;
  private offSince = 0;
  private offEvidence: EvidencePosition[] = [];
  private onCount = 0;

  // Stops and riders.
  private readonly visited: Uint8Array;
  private readonly pendingAtStop: Int32Array;
  private readonly stopOfRider = new Map<number, number>();
  private readonly boarded = new Set<number>();
  private anonymousBoardings = 0;
  private passedStops = 0;
  private crossedStops = 0;
  private readonly unseen: Uint8Array;

  private readonly dwell = new DwellTracker();
  // Stopped at a stop: slow time within its radius, added up (ms), and up to when it was counted.
  private readonly slow = new SlowClock();
  private placedAny = false;
  private readonly slowMs: Float64Array;
  private readonly slowUntil: Float64Array;
  // Without a trace, OFF_ROUTE reads the approach to the next stop; stop k is target k + this.
  private readonly approach: ApproachTracker | null = null;
  private readonly approachOffset: number = 0;
  private late = false;

  constructor(
    private readonly plan: TripPlan,
    options: TripMonitorOptions = {},
  ) {
    const th = { ...INCIDENT_THRESHOLD_DEFAULTS, ...options.thresholds };
    this.t = {
      notStarted: th.notStartedMinutes * MINUTE,
      late: th.lateMinutes * MINUTE,
      lateClear: (th.lateMinutes - MATCHING_SETTINGS.lateClearMarginMinutes) * MINUTE,
      offMeters: th.offRouteMeters,
      offMs: th.offRouteSeconds * 1000,
      offPositions: th.offRoutePositions,
      onMeters: th.onRouteMeters,
      onPositions: th.onRoutePositions,
      longDwell: th.longDwellMinutes * MINUTE,
      noGps: th.noGpsMinutes * MINUTE,
      replay: th.replayHorizonMinutes * MINUTE,
    };
    this.book = new IncidentBook(th.reopenAfterMinutes * MINUTE);
    this.path = compilePath(plan);
    this.circuity = plan.circuity ?? PLANNING_DEFAULTS.circuity;
    this.speedCap = Math.max(1, plan.speedKmh) * KMH;
    this.speed = this.speedCap;
    this.serviceMs = (plan.serviceMinutes ?? PLANNING_DEFAULTS.serviceMinutes) * MINUTE;
    const stops = plan.stops.length;
    this.visited = new Uint8Array(stops);
    this.pendingAtStop = new Int32Array(stops);
    this.unseen = new Uint8Array(stops);
    this.slowMs = new Float64Array(stops);
    this.slowUntil = new Float64Array(stops).fill(Number.NEGATIVE_INFINITY);
    plan.stops.forEach((stop, index) => {
      for (const riderId of stop.riderIds) {
        if (this.stopOfRider.has(riderId)) continue;
        this.stopOfRider.set(riderId, index);
        this.pendingAtStop[index]!++;
      }
    });
    const progress: number[] = [];
    const planned: number[] = [];
    const which: number[] = [];
    if (this.path) {
      plan.stops.forEach((stop, index) => {
        progress.push(this.path?.stopProgress[index] ?? 0);
        planned.push(stop.plannedAt);
        which.push(index);
      });
      const workplace = plan.workplace;
      if (this.path.workplaceProgress !== null && workplace?.plannedAt != null) {
        progress.push(this.path.workplaceProgress);
        planned.push(workplace.plannedAt);
        which.push(-1);
      }
    }
    if (this.path?.source === "stops") {
      const { projection } = this.path;
      const workplace = plan.workplace;
      const targets: GeoPoint[] = [...plan.stops];
      if (workplace && plan.direction === "outbound") {
        targets.unshift(workplace);
        this.approachOffset = 1;
      } else if (workplace) {
        targets.push(workplace);
      }
      this.approach = new ApproachTracker(
        Float64Array.from(targets, (point) => projection.x(point.longitude)),
        Float64Array.from(targets, (point) => projection.y(point.latitude)),
        MATCHING_SETTINGS.stopRadiusMeters,
      );
    }
    this.targetProgress = Float64Array.from(progress);
    this.targetPlanned = Float64Array.from(planned);
    this.targetStop = Int32Array.from(which);
  }

  /** Handles one event at the server's time `now`; the incidents it opened or closed. */
  handle(event: TripEvent, now: number): readonly IncidentTransition[] {
    if (this.ended || !Number.isFinite(now)) return this.book.take();
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
        this.book.closeAll(eventTime(event.at, now));
        this.ended = true;
        break;
      case "boarding":
        this.onBoarding(event.riderId ?? null, eventTime(event.at, now), now);
        break;
      case "cancellation":
        this.riderDone(event.riderId, eventTime(event.at, now));
        break;
      case "stop":
        if (
          Number.isInteger(event.stopIndex) &&
          event.stopIndex >= 0 &&
          event.stopIndex < this.visited.length
        ) {
          this.markVisited(event.stopIndex, eventTime(event.at, now));
        }
        break;
    }
    return this.book.take();
  }

  openIncidents(): OpenIncident[] {
    return [...this.book.open.values()];
  }

  snapshot(now: number): TripMonitorSnapshot {
    const arrivals: PredictedArrival[] = [];
    if (this.started && this.lastEvidence && this.path) {
      for (let j = this.nextTarget; j < this.targetProgress.length; j++) {
        const stop = this.targetStop[j]!;
        arrivals.push({
          stopIndex: stop < 0 ? null : stop,
          plannedAt: this.targetPlanned[j]!,
          predictedAt: this.predict(j, now),
        });
      }
    }
    const next = this.targetStop[this.nextTarget];
    return {
      started: this.started,
      ended: this.ended,
      pathSource: this.path?.source ?? null,
      pathLengthMeters: this.path?.length ?? 0,
      joined: this.joined,
      progressMeters: this.progress,
      speedKmh: this.speed / KMH,
      offRoute: this.offRoute,
      detourMeters: this.approach?.excess ?? 0,
      nextStopIndex: next === undefined || next < 0 ? null : next,
      arrivals,
      open: this.openIncidents(),
    };
  }

  // ---------- events ----------

  private onStart(at: number, now: number): void {
    if (this.started) return;
    this.started = true;
    this.startAt = at;
    this.lastReceivedAt = now;
    this.lastMatchedAt = at;
    this.book.close(NOT_STARTED, at, "cleared");
  }

  private onTick(now: number): void {
    if (!this.started) {
      const departure = this.plan.plannedDepartureAt;
      if (departure !== null && now - departure >= this.t.notStarted) {
        this.book.tryOpen(NOT_STARTED, null, now, {}, []);
      }
      return;
    }
    if (now - this.lastReceivedAt >= this.t.noGps) {
      this.book.tryOpen(NO_GPS, null, now, {}, this.lastEvidence ? [this.lastEvidence] : []);
    }
    if (this.lastEvidence) this.evaluateLate(now, true);
  }

  private onBoarding(riderId: number | null, at: number, now: number): void {
    if (riderId !== null) {
      if (this.boarded.has(riderId)) return;
      this.boarded.add(riderId);
      this.riderDone(riderId, at, true);
    } else {
      this.anonymousBoardings++;
    }
    const boardings = this.boarded.size + this.anonymousBoardings;
    const seats = this.plan.seats;
    if (seats !== null && boardings > seats && at >= now - this.t.replay) {
      this.book.tryOpen("OVER_CAPACITY", null, at, { boardings, seats }, []);
    }
  }

  /** A rider boarded or will not: no longer pending at their stop. */
  private riderDone(riderId: number, at: number, boarded = false): void {
    const stop = this.stopOfRider.get(riderId);
    if (stop === undefined) return;
    // Someone boarding at the stop is the bus stopping there.
    if (boarded) this.markVisited(stop, at);
    this.stopOfRider.delete(riderId);
    this.pendingAtStop[stop]!--;
    if (this.pendingAtStop[stop] === 0)
      this.book.close(IncidentBook.key("SKIPPED_STOP", stop), at, "cleared");
  }

  private markVisited(stop: number, at: number): void {
    if (this.visited[stop]) return;
    this.visited[stop] = 1;
    this.approachReached(stop);
    this.book.close(IncidentBook.key("SKIPPED_STOP", stop), at, "cleared");
  }

  private onPosition(
    event: { at: number; latitude: number; longitude: number; accuracy?: number | null },
    now: number,
  ): void {
    if (!this.started) return;
    const { latitude, longitude } = event;
    if (
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180 ||
      !Number.isFinite(event.at)
    ) {
      return;
    }
    // Device time, never ahead of the server. A duplicate or an older position says nothing new:
    // not even that the phone is alive (NO_GPS).
    const at = Math.min(event.at, now);
    if (at <= this.lastPositionAt || at < this.startAt) return;
    this.lastPositionAt = at;
    this.lastReceivedAt = now;
    this.book.close(NO_GPS, now, "cleared");
    const evidence: EvidencePosition = { latitude, longitude, at };
    this.lastEvidence = evidence;
    if (event.accuracy != null && event.accuracy > MATCHING_SETTINGS.maxAccuracyMeters) return;
    const path = this.path;
    if (!path) return;
    const fresh = at >= now - this.t.replay;
    const x = path.projection.x(longitude);
    const y = path.projection.y(latitude);
    const previousMatchAt = this.lastMatchedAt;
    this.matchProgress(path, x, y, at);
    this.noteCrossedStops(path, at - previousMatchAt <= PASS_SEEN_MS);
    this.trackDwell(path, x, y, at, evidence, fresh);
    this.trackStops(path, x, y, at);
    if (this.approach) {
      this.checkPassedStops(path, x, y, at, evidence, fresh);
      this.trackApproach(this.approach, x, y, at, evidence, fresh);
    } else {
      if (this.joined) this.trackOffRoute(at, evidence, fresh);
      this.checkPassedStops(path, x, y, at, evidence, fresh);
    }
    this.evaluateLate(at, fresh);
  }

  // ---------- rules ----------

  private matchProgress(path: PlannedPath, x: number, y: number, at: number): void {
    const s = MATCHING_SETTINGS;
    const sinceMatch = Math.max(0, at - this.lastMatchedAt) / 1000;
    let from: number;
    let to: number;
    let expected: number;
    if (this.joined) {
      from = this.progress - s.backWindowMeters;
      to = this.progress + s.aheadWindowMeters + s.maxSpeedKmh * KMH * sinceMatch;
      expected = (this.speed / path.roadPerPathMeter) * sinceMatch * 1.5 + 50;
    } else {
      // Before the bus first joins the path: only as far as it could have come since it started.
      from = 0;
      to = s.joinWindowMeters + (this.speedCap / path.roadPerPathMeter) * sinceMatch;
      expected = to;
    }
    const m = path.match(x, y, this.progress, from, to, expected, this.match, from - s.backDistanceMeters);
    this.offExcess = m.found ? m.minExcess : Number.POSITIVE_INFINITY;
    if (!m.found || m.excess > this.t.onMeters) {
      if (this.joined && m.found) {
        this.predictFrom = Math.max(this.progress, m.nearestProgress);
        this.roadBack = m.nearestDistance * this.circuity;
      }
      return;
    }
    this.joined = true;
    this.lastMatchedAt = at;
    if (m.progress > this.progress) this.progress = m.progress;
    this.predictFrom = this.progress;
    this.roadBack = 0;
    this.updateSpeed(path, at);
  }

  /** The moving speed on the road, smoothed over time (stops at stops and lights do not count). */
  private updateSpeed(path: PlannedPath, at: number): void {
    if (Number.isNaN(this.speedAnchorAt)) {
      this.speedAnchorAt = at;
      this.speedAnchorProgress = this.progress;
      return;
    }
    const seconds = (at - this.speedAnchorAt) / 1000;
    if (seconds < 3) return;
    const s = MATCHING_SETTINGS;
    const v = ((this.progress - this.speedAnchorProgress) * path.roadPerPathMeter) / seconds;
    // Only between close positions: over a gap or a detour, progress says little about the speed.
    if (seconds <= 30 && v >= s.movingSpeedKmh * KMH && v <= s.maxSpeedKmh * KMH) {
      this.speed += (1 - Math.exp(-seconds / s.speedTimeConstantSeconds)) * (v - this.speed);
    }
    this.speedAnchorAt = at;
    this.speedAnchorProgress = this.progress;
  }

  private trackOffRoute(at: number, evidence: EvidencePosition, fresh: boolean): void {
    const excess = this.offExcess;
    this.offRouteRule(excess > this.t.offMeters, excess < this.t.onMeters, at, evidence, fresh, {
      distanceMeters: Math.round(excess),
    });
  }

  /**
   * OFF_ROUTE without a trace (`ApproachTracker`): opens when the bus has driven more than
   * `offRouteMeters` + `approachMarginMeters` beyond what closing on its next stop explains, and
   * stayed within `approachHoldMeters` under that for `offRouteSeconds` and `offRoutePositions` (a
   * street's sideways blocks stay under it, or not for long; a detour out, along and back stays
   * over it); closes after `onRoutePositions` under `onRouteMeters` (closing on the stop again, the
   * detour out of the window, or the stop reached).
   */
  private trackApproach(
    approach: ApproachTracker,
    x: number,
    y: number,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
  ): void {
    approach.add(x, y);
    const excess = approach.excess;
    const s = MATCHING_SETTINGS;
    const open = this.t.offMeters + s.approachMarginMeters;
    const off = excess > (this.offCount > 0 ? open - s.approachHoldMeters : open);
    const back = excess < this.t.onMeters;
    this.offRouteRule(off, back, at, evidence, fresh, { detourMeters: Math.round(excess) });
  }

  /**
   * OFF_ROUTE's hysteresis: `off` says whether this position counts as off (towards opening), `back`
   * whether it counts as back on the route (towards closing); `detail` goes with the opening.
   */
  private offRouteRule(
    off: boolean,
    back: boolean,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
    detail: IncidentDetail,
  ): void {
    if (!this.offRoute) {
      if (off) {
        if (this.offCount === 0) {
          this.offSince = at;
          this.offEvidence = [];
        }
        this.offCount++;
        if (this.offEvidence.length < 4) this.offEvidence.push(evidence);
        if (this.offCount >= this.t.offPositions && at - this.offSince >= this.t.offMs) {
          this.offRoute = true;
          this.onCount = 0;
        }
      } else {
        this.offCount = 0;
      }
    } else if (back) {
      this.onCount++;
      if (this.onCount >= this.t.onPositions) {
        this.offRoute = false;
        this.offCount = 0;
        this.book.close(OFF_ROUTE, at, "cleared", [evidence]);
      }
    } else {
      this.onCount = 0;
    }
    if (this.offRoute && fresh && !this.book.isOpen(OFF_ROUTE)) {
      const shown = this.offEvidence.includes(evidence) ? this.offEvidence : [...this.offEvidence, evidence];
      this.book.tryOpen(OFF_ROUTE, null, at, detail, shown);
    }
  }

  private trackDwell(
    path: PlannedPath,
    x: number,
    y: number,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
  ): void {
    const dwell = this.dwell;
    if (dwell.add(x, y, at, evidence)) this.book.close(LONG_DWELL, at, "cleared", [evidence]);
    if (!dwell.stoodFor(MATCHING_SETTINGS.stopSeconds * 1000)) return;
    const duration = dwell.duration;
    const radius = MATCHING_SETTINGS.stopRadiusMeters;
    const cx = dwell.centreX;
    const cy = dwell.centreY;
    let nearStop = false;
    for (let k = 0; k < this.visited.length; k++) {
      if (Math.hypot(cx - path.stopX[k]!, cy - path.stopY[k]!) > radius) continue;
      nearStop = true;
      // A stop the route comes back to later is not served by a dwell on an earlier pass.
      if (this.servesNow(path, k)) this.markVisited(k, at);
    }
    if (duration < this.t.longDwell || nearStop || !fresh || this.book.isOpen(LONG_DWELL)) return;
    const workplace = this.plan.workplace;
    if (
      workplace &&
      Math.hypot(cx - path.projection.x(workplace.longitude), cy - path.projection.y(workplace.latitude)) <=
        radius
    ) {
      return;
    }
    const first = dwell.first ?? evidence;
    this.book.tryOpen(
      LONG_DWELL,
      null,
      at,
      { dwellMinutes: Math.round(duration / MINUTE) },
      first === evidence ? [evidence] : [first, evidence],
    );
  }

  /**
   * Stopped at a stop: the slow stretches (`SlowClock`) that begin and end within `stopRadiusMeters`
   * of it add up; `stoppedSeconds` in all is a stop there, however the positions fell (5–10 s apart,
   * one of them astray). Only on the pass that serves it (not an earlier pass of the same place).
   */
  private trackStops(path: PlannedPath, x: number, y: number, at: number): void {
    // The trip starts where the bus stands (the driver taps Start at the first stop): a first
    // position soon after the start says where it stood since then.
    if (!this.placedAny && at - this.startAt <= START_FIX_MS) this.slow.add(x, y, this.startAt);
    this.placedAny = true;
    if (!this.slow.add(x, y, at)) return;
    const { baseX, baseY, baseAt } = this.slow;
    const radius = MATCHING_SETTINGS.stopRadiusMeters;
    const enough = MATCHING_SETTINGS.stoppedSeconds * 1000;
    for (let k = 0; k < this.visited.length; k++) {
      if (this.visited[k]) continue;
      const sx = path.stopX[k]!;
      const sy = path.stopY[k]!;
      if (Math.hypot(x - sx, y - sy) > radius || Math.hypot(baseX - sx, baseY - sy) > radius) continue;
      if (!this.servesNow(path, k)) continue;
      const from = Math.max(baseAt, this.slowUntil[k]!);
      if (at > from) this.slowMs[k]! += at - from;
      this.slowUntil[k] = at;
      if (this.slowMs[k]! >= enough) this.markVisited(k, at);
    }
  }

  /** Stop `stop` was reached or passed: the approach moves on, past the stops already served. */
  private approachReached(stop: number): void {
    const approach = this.approach;
    if (!approach) return;
    approach.reached(stop + this.approachOffset);
    for (let k = approach.next - this.approachOffset; this.visited[k] === 1; ) {
      approach.reached(k + this.approachOffset);
      k = approach.next - this.approachOffset;
    }
  }

  /**
   * Whether a stop at the bus's place now is served on this pass, not on a later one: on a trace, the
   * progress along it has come near the stop; on the line through the stops (whose progress is
   * loose), the stop is the one the bus is heading for or the one it just reached.
   */
  private servesNow(path: PlannedPath, stop: number): boolean {
    if (this.approach) return this.approach.isCurrent(stop + this.approachOffset);
    return (
      this.progress >= path.stopProgress[stop]! - MATCHING_SETTINGS.stopRadiusMeters - path.passMargin[stop]!
    );
  }

  /** Stops whose place progress just reached: seen going past, or crossed during a silence. */
  private noteCrossedStops(path: PlannedPath, seen: boolean): void {
    while (
      this.crossedStops < this.visited.length &&
      path.stopProgress[this.crossedStops]! <= this.progress
    ) {
      if (!seen && this.progress > 0) this.unseen[this.crossedStops] = 1;
      this.crossedStops++;
    }
  }

  private checkPassedStops(
    path: PlannedPath,
    x: number,
    y: number,
    at: number,
    evidence: EvidencePosition,
    fresh: boolean,
  ): void {
    while (this.passedStops < this.visited.length && this.wentPast(path, this.passedStops, x, y)) {
      const stop = this.passedStops++;
      this.approachReached(stop);
      const pending = this.pendingAtStop[stop]!;
      if (!this.visited[stop] && !this.unseen[stop] && pending > 0 && fresh) {
        this.book.tryOpen("SKIPPED_STOP", stop, at, { pendingRiders: pending }, [evidence]);
      }
    }
  }

  /**
   * Whether the bus at (x, y) went past stop `stop`: on a trace, progress is beyond it by
   * `passMargin`. On the line through the stops progress is loose (a long leg's slack lets a
   * position match far along it, a detour too), so the approach decides: the bus reached the stop
   * and is `skipMarginMeters` from it; or it never came within `stopRadiusMeters`, progress is past
   * it, and the bus, that much farther from it, drives away from it as far as OFF_ROUTE would
   * read while closing on the next one.
   */
  private wentPast(path: PlannedPath, stop: number, x: number, y: number): boolean {
    const approach = this.approach;
    const beyond = path.stopProgress[stop]! + path.passMargin[stop]! < this.progress;
    if (!approach) return beyond;
    const s = MATCHING_SETTINGS;
    const away = Math.hypot(x - path.stopX[stop]!, y - path.stopY[stop]!);
    const target = stop + this.approachOffset;
    if (approach.next > target) return away > s.skipMarginMeters;
    return (
      beyond &&
      approach.next === target &&
      away > s.stopRadiusMeters + s.skipMarginMeters &&
      approach.excessNext > this.t.offMeters + s.approachMarginMeters &&
      approach.excessAfter < this.t.onMeters
    );
  }

  /**
   * Predicted arrival at target `j` at time `clock`, with the contract's travel model (the one the
   * planned times were made with, decision 0058): the road left (from the nearest place on the path
   * when the bus is off it, plus the way back) driven at the moving speed — the smoothed one, never
   * above the plan's — plus the planned time at each stop between.
   */
  private predict(j: number, clock: number): number {
    const path = this.path as PlannedPath;
    const speedKmh = Math.min(this.speed, this.speedCap) / KMH;
    let road =
      Math.max(0, this.targetProgress[j]! - this.predictFrom) * path.roadPerPathMeter + this.roadBack;
    let minutes = 0;
    if (!this.joined && this.lastEvidence) {
      road = this.targetProgress[j]! * path.roadPerPathMeter;
      const first = path.projection.toGeo(path.xs[0]!, path.ys[0]!);
      minutes = travel(this.lastEvidence, first, {
        speedKmh: this.plan.speedKmh,
        circuity: this.circuity,
      }).minutes;
    }
    return (
      clock +
      (drivingMinutes(road / 1000, speedKmh) + minutes) * MINUTE +
      Math.max(0, j - this.nextTarget) * this.serviceMs
    );
  }

  private evaluateLate(clock: number, fresh: boolean): void {
    const count = this.targetProgress.length;
    if (count === 0) return;
    while (
      this.nextTarget < count &&
      (this.targetProgress[this.nextTarget]! <= this.progress ||
        (this.targetStop[this.nextTarget]! >= 0 && this.visited[this.targetStop[this.nextTarget]!] === 1))
    ) {
      this.nextTarget++;
    }
    if (this.nextTarget >= count) return;
    const final = count - 1;
    let lateness = this.predict(this.nextTarget, clock) - this.targetPlanned[this.nextTarget]!;
    let target = this.nextTarget;
    if (final !== this.nextTarget) {
      const atFinal = this.predict(final, clock) - this.targetPlanned[final]!;
      if (atFinal > lateness) {
        lateness = atFinal;
        target = final;
      }
    }
    if (!this.late && lateness > this.t.late) this.late = true;
    else if (this.late && lateness < this.t.lateClear) {
      this.late = false;
      this.book.close(LATE, clock, "cleared", this.lastEvidence ? [this.lastEvidence] : []);
    }
    if (this.late && fresh && !this.book.isOpen(LATE)) {
      const stop = this.targetStop[target]!;
      this.book.tryOpen(
        LATE,
        null,
        clock,
        { lateMinutes: Math.round(lateness / MINUTE), targetStopIndex: stop < 0 ? null : stop },
        this.lastEvidence ? [this.lastEvidence] : [],
      );
    }
  }
}
