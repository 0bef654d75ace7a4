import type { TripContext } from "./trip-context.js";
import type { TripStops } from "./trip-stops.js";

/**
 * OVER_CAPACITY (and a boarding's part in the stops, inbound only): opens on the boarding beyond the plan's seats
 * (a rider scanned twice counts once; a boarding without a rider counts as one more), unless that
 * boarding is older than the replay horizon.
 */
export class OverCapacityRule {
  private readonly boarded = new Set<number>();
  private anonymousBoardings = 0;

  constructor(
    private readonly context: TripContext,
    private readonly stops: TripStops,
  ) {}

  onBoarding(riderId: number | null, at: number, now: number): void {
    if (riderId !== null) {
      if (this.boarded.has(riderId)) return;
      this.boarded.add(riderId);
      // Inbound, a rider boards at their stop: the bus served it. Outbound they board at the
      // workplace and their stop is where they get off: it stays to be served.
      if (this.context.plan.direction !== "outbound") this.stops.riderDone(riderId, at, true);
    } else {
      this.anonymousBoardings++;
    }
    const boardings = this.boarded.size + this.anonymousBoardings;
    const seats = this.context.plan.seats;
    if (seats !== null && boardings > seats && at >= now - this.context.t.replay) {
      this.context.book.tryOpen("OVER_CAPACITY", null, at, { boardings, seats }, []);
    }
  }
}
