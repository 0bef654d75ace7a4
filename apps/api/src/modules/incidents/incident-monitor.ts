import { type DriverGeolocation, HUB_EVENTS } from "@treiber/contract";
import {
  type IncidentThresholds,
  type IncidentTransition,
  type TripEvent,
  TripMonitor,
} from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import { tripFeedEventOf } from "../../realtime/trip-feed.js";
import { branchOfficeTime, type OffsetAt, serverZoneOffset } from "./branch-office-time.js";
import { createIncidentAnnouncer } from "./incident-announcer.js";
import { storedDetail, storedEvidence } from "./incident-items.js";
import {
  clearNotStarted,
  closeIncident,
  closeTripIncidents,
  openIncident,
  unclosedOfTrip,
} from "./incident-repository.js";
import { scanNotStarted } from "./not-started-scan.js";
import { thresholdsOf } from "./thresholds-repository.js";
import { createTripPlanLoader, type LoadedTrip, mergeThresholds } from "./trip-plan-loader.js";
import { tripsInProgress } from "./trip-plan-repository.js";
import { storedEvents } from "./trip-replay.js";
import type { TripWatchListener } from "./trip-watch.js";

/** `heardAt`: the server's time of the last position handled live (a rebuild keeps it for NO_GPS). */
type Watched = { loaded: LoadedTrip; monitor: TripMonitor; heardAt: number | null };
type Log = { error(object: unknown, message: string): void };

export type IncidentMonitorOptions = {
  db: Db;
  realtime: RealtimeBus;
  log: Log;
  /** The server's clock (tests drive it). */
  now?: () => number;
  /** The branch offices' UTC offset (default: the server's zone, `TZ`). */
  offsetAt?: OffsetAt;
  /** Rules on a timer (NO_GPS, LATE, LONG_DWELL). */
  tickMs?: number;
  /** Trips in progress and routes not started are looked up every this many ticks. */
  syncEveryTicks?: number;
};

const key = (type: string, stopIndex: number | null) => (stopIndex === null ? type : `${type}:${stopIndex}`);
/** A trip the database says is not in progress is not looked up again for this long. */
const IGNORE_MS = 60_000;
/** Trips loaded per query. */
const LOAD_CHUNK = 500;

/**
 * The control room's rules on the server (issue 25, decision 0052): one TripMonitor per trip in
 * progress, fed by what crosses the realtime bus (positions, `FinishIntermediateRoute`, and the trip
 * feed's starts, boardings and cancellations), so with Redis every instance watches every trip.
 * Transitions are written in order by one writer: open = insert … on conflict do nothing, close =
 * update … where unclosed; only a row that changed is announced (`ReceiveIncident` to the admins).
 * A trip first seen (started, found in progress after a restart, or started on another instance) is
 * rebuilt from its stored positions and boardings, then reconciled with its unclosed rows.
 */
export function createIncidentMonitor(options: IncidentMonitorOptions) {
  const { db, realtime, log } = options;
  const now = options.now ?? Date.now;
  const time = branchOfficeTime(options.offsetAt ?? serverZoneOffset);
  const loader = createTripPlanLoader(db, time, now);
  const announce = createIncidentAnnouncer(db, realtime);
  const watched = new Map<number, Watched>();
  const loading = new Map<number, Array<TripEvent>>();
  const ignored = new Map<number, number>();
  const listeners = new Set<TripWatchListener>();
  const thresholdCache = new Map<number, IncidentThresholds>();
  let writes: Promise<void> = Promise.resolve();
  let pendingWrites = 0;
  let loads = new Set<Promise<void>>();
  let batch: number[] | undefined;
  let timer: NodeJS.Timeout | undefined;
  let ticks = 0;
  let closed = false;

  /** Runs `job` after every write before it (transitions keep their order), logging its failure. */
  function write(job: () => Promise<void>) {
    pendingWrites++;
    writes = writes
      .then(job)
      .catch((error) => log.error({ err: error }, "no se pudo guardar una incidencia"))
      .finally(() => {
        pendingWrites--;
      });
    return writes;
  }

  async function thresholdsFor(branchOfficeId: number | null): Promise<IncidentThresholds> {
    if (branchOfficeId === null) return mergeThresholds(undefined);
    const cached = thresholdCache.get(branchOfficeId);
    if (cached) return cached;
    const value = mergeThresholds((await thresholdsOf(db, branchOfficeId))?.values);
    thresholdCache.set(branchOfficeId, value);
    return value;
  }

  function persist(trip: LoadedTrip, transitions: readonly IncidentTransition[]) {
    if (transitions.length === 0) return;
    const id = trip.trip.intermediateRouteId;
    void write(async () => {
      const changed: number[] = [];
      for (const t of transitions) {
        const row =
          t.action === "open"
            ? await openIncident(db, {
                intermediateRouteId: id,
                routeId: trip.trip.routeId || null,
                serviceDay: trip.serviceDay,
                driverId: trip.driverId,
                supplierId: trip.supplierId,
                type: t.type,
                stopIndex: t.stopIndex,
                openedAt: new Date(t.at),
                detail: storedDetail(t.detail),
                evidence: storedEvidence(t.evidence),
              })
            : await closeIncident(db, {
                intermediateRouteId: id,
                type: t.type,
                stopIndex: t.stopIndex,
                at: new Date(t.at),
                reason: t.reason ?? "cleared",
                evidence: storedEvidence(t.evidence),
              });
        if (row !== undefined) changed.push(row);
      }
      await announce(changed);
    });
  }

  /**
   * Calls the listeners with what the monitor saw, after the writes this event (or an earlier one)
   * queued: a listener reads the incident rows as they now are. Errors are logged, never thrown.
   */
  function notify(entry: Watched, event: TripEvent, transitions: readonly IncidentTransition[], at: number) {
    if (listeners.size === 0) return;
    const update = {
      trip: entry.loaded.trip,
      event,
      snapshot: entry.monitor.snapshot(at),
      transitions,
      now: at,
    };
    const run = () => {
      for (const listener of listeners) {
        try {
          const result = listener(update);
          if (result) result.catch((error) => log.error({ err: error }, "falló un observador de viajes"));
        } catch (error) {
          log.error({ err: error }, "falló un observador de viajes");
        }
      }
    };
    if (pendingWrites > 0) writes = writes.then(run);
    else run();
  }

  function handle(entry: Watched, event: TripEvent) {
    const at = now();
    if (event.kind === "position") entry.heardAt = at;
    const transitions = entry.monitor.handle(event, at);
    persist(entry.loaded, transitions);
    notify(entry, event, transitions, at);
  }

  /**
   * Rebuilds a trip's monitor: its start, then its stored history replayed each at its own time (the
   * rules see it as it happened; nothing is written), one tick now, then the reconciliation: an
   * unclosed row the rules no longer hold is closed `cleared`; an incident the rules hold that has
   * no row opens only if it opened within the replay horizon (older, it was closed or never opened
   * live: it stays in the monitor, whose later close then changes nothing). A NOT_STARTED of the
   * route that day closes `cleared`, tied to the trip.
   */
  async function rebuild(loaded: LoadedTrip, heardAt: number | null = null): Promise<Watched> {
    const { trip } = loaded;
    const monitor = new TripMonitor(trip.plan, { thresholds: trip.thresholds });
    // Heard of now: NO_GPS counts from the last stored position, or from now without one.
    monitor.handle({ kind: "start", at: loaded.startedAt }, Math.max(loaded.startedAt, now()));
    const events = await storedEvents(db, trip.intermediateRouteId);
    let last = events.length - 1;
    while (last >= 0 && events[last]?.kind !== "position") last--;
    // The last position counts as heard when the live monitor heard it (thresholds changed).
    events.forEach((event, index) => {
      monitor.handle(event, index === last ? Math.max(event.at, heardAt ?? event.at) : event.at);
    });
    const at = now();
    const tick = monitor.handle({ kind: "tick" }, at);
    const unclosed = await unclosedOfTrip(db, trip.intermediateRouteId);
    const open = new Map(
      monitor.openIncidents().map((incident) => [key(incident.type, incident.stopIndex), incident]),
    );
    const stored = new Set(unclosed.map((row) => key(row.type, row.stopIndex)));
    const transitions: IncidentTransition[] = [];
    for (const row of unclosed) {
      if (open.has(key(row.type, row.stopIndex))) continue;
      transitions.push({
        action: "close",
        type: row.type as IncidentTransition["type"],
        stopIndex: row.stopIndex,
        at,
        reason: "cleared",
        detail: {},
        evidence: [],
      });
    }
    const horizon = at - trip.thresholds.replayHorizonMinutes * 60_000;
    for (const [name, incident] of open) {
      if (stored.has(name) || incident.openedAt < horizon) continue;
      if (tick.some((t) => t.action === "open" && key(t.type, t.stopIndex) === name)) continue;
      transitions.push({ action: "open", ...incident, at: incident.openedAt });
    }
    persist(loaded, [...transitions, ...tick]);
    if (loaded.trip.routeId) {
      void write(async () => {
        const cleared = await clearNotStarted(db, {
          routeId: loaded.trip.routeId,
          serviceDay: loaded.serviceDay,
          intermediateRouteId: trip.intermediateRouteId,
          at: new Date(loaded.startedAt),
        });
        if (cleared !== undefined) await announce([cleared]);
      });
    }
    return { loaded, monitor, heardAt };
  }

  /** Rebuilds a trip, then watches it and applies the events that waited meanwhile. */
  async function install(trip: LoadedTrip, heardAt: number | null = null) {
    const id = trip.trip.intermediateRouteId;
    const entry = await rebuild(trip, heardAt);
    const waiting = loading.get(id) ?? [];
    loading.delete(id);
    if (closed) return;
    watched.set(id, entry);
    for (const event of waiting) {
      if (event.kind === "end") finish(id, event.at);
      else handle(entry, event);
    }
  }

  function track(job: Promise<void>) {
    loads.add(job);
    void job.finally(() => loads.delete(job));
  }

  /** Loads the trips, then rebuilds and watches those in progress (the others are ignored a while). */
  async function load(ids: number[]) {
    for (let start = 0; start < ids.length; start += LOAD_CHUNK) {
      const chunk = ids.slice(start, start + LOAD_CHUNK);
      try {
        const trips = await loader.load(chunk);
        const found = new Map(trips.map((trip) => [trip.trip.intermediateRouteId, trip]));
        for (const id of chunk) {
          const trip = found.get(id);
          if (trip?.status !== "InProgress") {
            ignored.set(id, now() + IGNORE_MS);
            loading.delete(id);
            continue;
          }
          await install(trip);
        }
      } catch (error) {
        for (const id of chunk) if (!watched.has(id)) loading.delete(id);
        log.error({ err: error }, "no se pudo cargar el plan de un viaje");
      }
    }
  }

  /**
   * Watches the trips not yet watched: the ones asked for during this turn are loaded together
   * (after a deploy every driver reports within seconds: a few queries, not one per trip).
   */
  function watch(ids: number[], first?: TripEvent) {
    for (const id of ids) {
      if (watched.has(id)) continue;
      const waiting = loading.get(id);
      if (waiting) {
        if (first) waiting.push(first);
        continue;
      }
      loading.set(id, first ? [first] : []);
      if (!batch) {
        const ids: number[] = [];
        batch = ids;
        track(
          new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
            batch = undefined;
            return load(ids);
          }),
        );
      }
      batch.push(id);
    }
  }

  function feed(id: number, event: TripEvent) {
    if (closed || !Number.isInteger(id)) return;
    const entry = watched.get(id);
    if (entry) return handle(entry, event);
    const waiting = loading.get(id);
    if (waiting) return void waiting.push(event);
    const until = ignored.get(id);
    if (until !== undefined && until > now() && event.kind !== "start") return;
    ignored.delete(id);
    watch([id], event);
  }

  function finish(id: number, at: number) {
    const entry = watched.get(id);
    watched.delete(id);
    ignored.set(id, now() + IGNORE_MS);
    if (entry) handle(entry, { kind: "end", at });
    void write(async () => announce(await closeTripIncidents(db, id, new Date(Math.min(at, now())))));
  }

  const time0 = (iso: unknown) => {
    const at = typeof iso === "string" ? Date.parse(iso) : Number.NaN;
    return Number.isFinite(at) ? at : now();
  };

  const unsubscribe = realtime.subscribe((event) => {
    if (event.target === HUB_EVENTS.receivedDriverGeolocation) {
      const p = event.args[0] as DriverGeolocation;
      feed(p.intermediateRouteId, {
        kind: "position",
        at: time0(p.date),
        latitude: p.latitude,
        longitude: p.longitude,
      });
    } else if (event.target === HUB_EVENTS.finishIntermediateRoute) {
      const p = event.args[0] as { intermediateRouteId: number; endedDate?: string };
      if (Number.isInteger(p.intermediateRouteId) && !closed) {
        const waiting = loading.get(p.intermediateRouteId);
        if (waiting) waiting.push({ kind: "end", at: time0(p.endedDate) });
        else finish(p.intermediateRouteId, time0(p.endedDate));
      }
    } else {
      const f = tripFeedEventOf(event);
      if (!f) return;
      if (f.kind === "thresholds") {
        if (Number.isInteger(f.branchOfficeId) && !closed) monitor.thresholdsChanged(f.branchOfficeId);
        return;
      }
      const at = time0(f.at);
      if (f.kind === "start") feed(f.intermediateRouteId, { kind: "start", at });
      else if (f.kind === "boarding")
        feed(f.intermediateRouteId, { kind: "boarding", at, riderId: f.employeeId });
      else feed(f.intermediateRouteId, { kind: "cancellation", at, riderId: f.employeeId });
    }
  });

  async function idle() {
    for (;;) {
      await Promise.all([...loads]);
      await writes;
      if (loads.size === 0) return;
    }
  }

  const monitor = {
    /** Runs the timed rules on every trip watched (the timer calls it; tests call it by hand). */
    async tick() {
      const at = now();
      for (const [id, until] of ignored) if (until <= at) ignored.delete(id);
      for (const entry of watched.values()) handle(entry, { kind: "tick" });
      await idle();
    },
    /**
     * Watches every trip in progress not yet watched, stops watching those no longer in progress
     * (closing their incidents `trip-ended`), and raises NOT_STARTED for the routes due. At start
     * and every `syncEveryTicks` ticks.
     */
    async sync() {
      const ids = await tripsInProgress(db);
      const inProgress = new Set(ids);
      for (const id of watched.keys()) if (!inProgress.has(id)) finish(id, now());
      watch(ids);
      await idle();
      const opened = await scanNotStarted(db, time, now(), thresholdsFor);
      await write(() => announce(opened));
    },
    /** Registers a listener called after every event handled (rider alerts); returns its removal. */
    onUpdate(listener: TripWatchListener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /**
     * A branch office's thresholds changed: its running trips are rebuilt with them, each with the
     * plan it took at its start (a route edited meanwhile does not change it). Every instance hears
     * it from the trip feed (`kind: "thresholds"`, published by the incident service).
     */
    thresholdsChanged(branchOfficeId: number) {
      thresholdCache.delete(branchOfficeId);
      const entries = [...watched.values()].filter(
        (entry) => entry.loaded.trip.branchOfficeId === branchOfficeId,
      );
      if (entries.length === 0) return;
      for (const entry of entries) {
        watched.delete(entry.loaded.trip.intermediateRouteId);
        loading.set(entry.loaded.trip.intermediateRouteId, []);
      }
      track(
        (async () => {
          try {
            const thresholds = await thresholdsFor(branchOfficeId);
            for (const entry of entries)
              await install({ ...entry.loaded, trip: { ...entry.loaded.trip, thresholds } }, entry.heardAt);
          } catch (error) {
            for (const entry of entries) loading.delete(entry.loaded.trip.intermediateRouteId);
            log.error({ err: error }, "no se pudieron aplicar los umbrales nuevos");
          }
        })(),
      );
    },
    /** The watched trip (tests and the trip view), if any. */
    watchedTrip: (id: number) => watched.get(id),
    /** Resolves when every load and write started so far is done (tests). */
    idle,
    start(tickMs = options.tickMs ?? 10_000) {
      if (timer || closed) return;
      const every = options.syncEveryTicks ?? 6;
      const run = async () => {
        ticks++;
        try {
          if (ticks % every === 1) await this.sync();
          await this.tick();
        } catch (error) {
          log.error({ err: error }, "falló la revisión de incidencias");
        }
      };
      void run();
      timer = setInterval(() => void run(), tickMs);
      timer.unref();
    },
    async stop() {
      closed = true;
      if (timer) clearInterval(timer);
      unsubscribe();
      await idle().catch(() => undefined);
      loads = new Set();
    },
  };
  return monitor;
}
export type IncidentMonitor = ReturnType<typeof createIncidentMonitor>;
