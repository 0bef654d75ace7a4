import type { IncidentThresholds, TripEvent } from "@treiber/incidents";
import type { LoadedTrip } from "./trip-plan-loader.js";
import type { WatchedEntry } from "./trip-rebuild.js";

/** A trip the database says is not in progress is not looked up again for this long. */
const IGNORE_MS = 60_000;
/** Trips loaded per query. */
const LOAD_CHUNK = 500;

type Log = { error(object: unknown, message: string): void };

export type TripRegistryDeps = {
  /** The trips among `ids` that exist, with their plans. */
  load(ids: number[]): Promise<LoadedTrip[]>;
  /** Rebuilds a trip's rules (and writes what reconciles its rows). */
  rebuild(trip: LoadedTrip, heardAt: number | null): Promise<WatchedEntry>;
  /** Handles one event of a watched trip. */
  handle(entry: WatchedEntry, event: TripEvent): void;
  /** A trip stopped being watched because it ended at `at`: its incidents close. */
  ended(intermediateRouteId: number, at: number): void;
  now(): number;
  log: Log;
};

/**
 * Which trips this instance watches (decision 0052): the watched ones, the ones loading (with the
 * events that arrived meanwhile, applied once rebuilt), and the ones the database said were not in
 * progress (ignored a minute, unless they start). The trips asked for during one turn load
 * together: after a deploy every driver reports within seconds, a few queries, not one per trip.
 */
export class TripRegistry {
  private readonly watched = new Map<number, WatchedEntry>();
  private readonly loading = new Map<number, TripEvent[]>();
  private readonly ignored = new Map<number, number>();
  private loads = new Set<Promise<void>>();
  private batch: number[] | undefined;
  private closed = false;

  constructor(private readonly deps: TripRegistryDeps) {}

  get(intermediateRouteId: number): WatchedEntry | undefined {
    return this.watched.get(intermediateRouteId);
  }

  entries(): IterableIterator<WatchedEntry> {
    return this.watched.values();
  }

  /** An event of a trip: handled if watched, kept if loading, else the trip is looked up. */
  feed(intermediateRouteId: number, event: TripEvent): void {
    if (this.closed) return;
    const entry = this.watched.get(intermediateRouteId);
    if (entry) {
      this.deps.handle(entry, event);
      return;
    }
    const waiting = this.loading.get(intermediateRouteId);
    if (waiting) {
      waiting.push(event);
      return;
    }
    const until = this.ignored.get(intermediateRouteId);
    if (until !== undefined && until > this.deps.now() && event.kind !== "start") return;
    this.ignored.delete(intermediateRouteId);
    this.watch([intermediateRouteId], event);
  }

  /** A trip ended at `at` (after it loads, when it is loading). */
  end(intermediateRouteId: number, at: number): void {
    if (this.closed) return;
    const waiting = this.loading.get(intermediateRouteId);
    if (waiting) waiting.push({ kind: "end", at });
    else this.finish(intermediateRouteId, at);
  }

  /** Stops watching a trip (it ended, or is no longer in progress): its rules see the end. */
  finish(intermediateRouteId: number, at: number): void {
    const entry = this.watched.get(intermediateRouteId);
    this.watched.delete(intermediateRouteId);
    this.ignored.set(intermediateRouteId, this.deps.now() + IGNORE_MS);
    if (entry) this.deps.handle(entry, { kind: "end", at });
    this.deps.ended(intermediateRouteId, at);
  }

  /** The trips in progress now: those watched and not among them finish, the others are watched. */
  inProgress(ids: number[]): void {
    const inProgress = new Set(ids);
    for (const id of this.watched.keys()) if (!inProgress.has(id)) this.finish(id, this.deps.now());
    this.watch(ids);
  }

  /** Forgets the trips ignored until before `at`. */
  expireIgnored(at: number): void {
    for (const [id, until] of this.ignored) if (until <= at) this.ignored.delete(id);
  }

  /**
   * Rebuilds the watched trips of a branch office with new thresholds, each with the plan it took at
   * its start (a route edited meanwhile does not change it).
   */
  rethreshold(branchOfficeId: number, thresholds: () => Promise<IncidentThresholds>): void {
    const entries = [...this.watched.values()].filter(
      (entry) => entry.loaded.trip.branchOfficeId === branchOfficeId,
    );
    if (entries.length === 0) return;
    for (const entry of entries) {
      this.watched.delete(entry.loaded.trip.intermediateRouteId);
      this.loading.set(entry.loaded.trip.intermediateRouteId, []);
    }
    this.track(
      (async () => {
        try {
          const values = await thresholds();
          for (const entry of entries)
            await this.install(
              { ...entry.loaded, trip: { ...entry.loaded.trip, thresholds: values } },
              entry.heardAt,
            );
        } catch (error) {
          for (const entry of entries) this.loading.delete(entry.loaded.trip.intermediateRouteId);
          this.deps.log.error({ err: error }, "no se pudieron aplicar los umbrales nuevos");
        }
      })(),
    );
  }

  /** Resolves when the loads started so far are done. */
  async settleLoads(): Promise<void> {
    await Promise.all([...this.loads]);
  }

  /** Whether a load is still running (one may start while another's events are applied). */
  get loadsPending(): boolean {
    return this.loads.size > 0;
  }

  close(): void {
    this.closed = true;
  }

  /** Drops the loads still tracked (after the monitor stopped). */
  forgetLoads(): void {
    this.loads = new Set();
  }

  /** Watches the trips not yet watched, `first` waiting for each (see the class). */
  private watch(ids: number[], first?: TripEvent): void {
    for (const id of ids) {
      if (this.watched.has(id)) continue;
      const waiting = this.loading.get(id);
      if (waiting) {
        if (first) waiting.push(first);
        continue;
      }
      this.loading.set(id, first ? [first] : []);
      if (!this.batch) {
        const batch: number[] = [];
        this.batch = batch;
        this.track(
          new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
            this.batch = undefined;
            return this.load(batch);
          }),
        );
      }
      this.batch.push(id);
    }
  }

  private track(job: Promise<void>): void {
    this.loads.add(job);
    void job.finally(() => this.loads.delete(job));
  }

  /** Loads the trips, then rebuilds and watches those in progress (the others are ignored a while). */
  private async load(ids: number[]): Promise<void> {
    for (let start = 0; start < ids.length; start += LOAD_CHUNK) {
      const chunk = ids.slice(start, start + LOAD_CHUNK);
      try {
        const trips = await this.deps.load(chunk);
        const found = new Map(trips.map((trip) => [trip.trip.intermediateRouteId, trip]));
        for (const id of chunk) {
          const trip = found.get(id);
          if (trip?.status !== "InProgress") {
            this.ignored.set(id, this.deps.now() + IGNORE_MS);
            this.loading.delete(id);
            continue;
          }
          await this.install(trip);
        }
      } catch (error) {
        for (const id of chunk) if (!this.watched.has(id)) this.loading.delete(id);
        this.deps.log.error({ err: error }, "no se pudo cargar el plan de un viaje");
      }
    }
  }

  /** Rebuilds a trip, then watches it and applies the events that waited meanwhile. */
  private async install(trip: LoadedTrip, heardAt: number | null = null): Promise<void> {
    const id = trip.trip.intermediateRouteId;
    const entry = await this.deps.rebuild(trip, heardAt);
    const waiting = this.loading.get(id) ?? [];
    this.loading.delete(id);
    if (this.closed) return;
    this.watched.set(id, entry);
    for (const event of waiting) {
      if (event.kind === "end") this.finish(id, event.at);
      else this.deps.handle(entry, event);
    }
  }
}
