import { ApproachTracker } from "./approach-tracker.js";
import { IncidentBook } from "./incident-book.js";
import type { PlannedPath } from "./planned-path.js";
import { MATCHING_SETTINGS } from "./thresholds.js";
import type { TripContext } from "./trip-context.js";
import type { GeoPoint } from "./types.js";

/**
 * A trip's stops as the rules share them: which were served (visited), how many riders each still
 * waits for, and — without a trace — the approach to the next stop (`ApproachTracker`, decision
 * 0060) that OFF_ROUTE and SKIPPED_STOP read. Serving a stop, or its last rider no longer waiting,
 * closes its SKIPPED_STOP.
 */
export class TripStops {
  readonly visited: Uint8Array;
  readonly pendingAtStop: Int32Array;
  /** Without a trace: the approach to the next target; stop k is target k + `approachOffset`. */
  readonly approach: ApproachTracker | null = null;
  readonly approachOffset: number = 0;
  private readonly stopOfRider = new Map<number, number>();
  private readonly book: IncidentBook;

  constructor({ plan, path, book }: TripContext) {
    this.book = book;
    this.visited = new Uint8Array(plan.stops.length);
    this.pendingAtStop = new Int32Array(plan.stops.length);
    plan.stops.forEach((stop, index) => {
      for (const riderId of stop.riderIds) {
        if (this.stopOfRider.has(riderId)) continue;
        this.stopOfRider.set(riderId, index);
        this.pendingAtStop[index]!++;
      }
    });
    if (path?.source !== "stops") return;
    const { projection } = path;
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

  get count(): number {
    return this.visited.length;
  }

  /** The bus served stop `stop` at `at`. */
  markVisited(stop: number, at: number): void {
    if (this.visited[stop]) return;
    this.visited[stop] = 1;
    this.approachReached(stop);
    this.book.close(IncidentBook.key("SKIPPED_STOP", stop), at, "cleared");
  }

  /** A rider boarded or will not: no longer pending at their stop. */
  riderDone(riderId: number, at: number, boarded = false): void {
    const stop = this.stopOfRider.get(riderId);
    if (stop === undefined) return;
    // Someone boarding at the stop is the bus stopping there.
    if (boarded) this.markVisited(stop, at);
    this.stopOfRider.delete(riderId);
    this.pendingAtStop[stop]!--;
    if (this.pendingAtStop[stop] === 0)
      this.book.close(IncidentBook.key("SKIPPED_STOP", stop), at, "cleared");
  }

  /** Stop `stop` was reached or passed: the approach moves on, past the stops already served. */
  approachReached(stop: number): void {
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
  servesNow(path: PlannedPath, stop: number, progress: number): boolean {
    if (this.approach) return this.approach.isCurrent(stop + this.approachOffset);
    return progress >= path.stopProgress[stop]! - MATCHING_SETTINGS.stopRadiusMeters - path.passMargin[stop]!;
  }
}
