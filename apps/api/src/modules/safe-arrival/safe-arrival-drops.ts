import { inNightWindow } from "@treiber/contract";
import { greatCircleMeters } from "@treiber/contract/geo";
import { MATCHING_SETTINGS } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import type { TripWatchListener, TripWatchUpdate } from "../incidents/trip-watch.js";
import { boardedRiders, type NewDrop, recordDrops, safeArrivalSettings } from "./safe-arrival-repository.js";

type Log = { error(object: object, message: string): void };

/** What one instance remembers of a watched outbound trip. */
type TripMemory = {
  /** Stops (in visiting order) already reached or passed. */
  passed: number;
  /** Riders already looked at (dropped, in the window or not): never again on this trip. */
  handled: Set<number>;
  /** The bus's newest position: where the riders still on board are left when the trip ends. */
  bus: { latitude: number; longitude: number; at: number } | null;
  lastSeen: number;
  /** Updates of one trip run one after another. */
  queue: Promise<void>;
};

const IDLE_TRIP_MS = 12 * 3_600_000;
/**
 * The bus this close to a stop has reached it (the monitor's stop radius). The monitor's own
 * `nextStopIndex` is not used: a boarding marks the rider's stop served, which outbound (everyone
 * boards at the workplace) would drop every rider at the start.
 */
const STOP_REACHED_METERS = MATCHING_SETTINGS.stopRadiusMeters;

/** When the update happened: the event's own time (never ahead of the server's), else the server's. */
function eventTime(update: TripWatchUpdate): number {
  const { event, now } = update;
  return "at" in event && Number.isFinite(event.at) ? Math.min(event.at, now) : now;
}

/**
 * Night drops (issue 38, decision 0082) as a trip-watch listener: on an outbound trip, each rider
 * who boarded is dropped when a position of the bus comes within the stop radius of their stop
 * (or of a later one: their stop was passed), or where the bus is when the trip ends first. Each
 * drop's time is that position's own (or the end's). A drop whose local time (the branch
 * office's clock) falls in its night window is recorded as a safe-arrival check (insert … on
 * conflict do nothing: two instances, a restart or the same update twice record it once), asked
 * `safe_arrival_ask_minutes` later by the sweep. Never throws.
 */
export function createSafeArrivalDrops(options: { db: Db; time: BranchOfficeTime; log: Log }) {
  const { db, time, log } = options;
  const trips = new Map<number, TripMemory>();

  async function drop(update: TripWatchUpdate, memory: TripMemory, stops: number[], ended: boolean) {
    const { trip } = update;
    if (trip.branchOfficeId === null) return;
    const boarded = await boardedRiders(db, trip.intermediateRouteId);
    const at = eventTime(update);
    const drops: NewDrop[] = [];
    const take = (employeeId: number, drop: NewDrop) => {
      if (memory.handled.has(employeeId) || !boarded.has(employeeId)) return;
      memory.handled.add(employeeId);
      drops.push(drop);
    };
    for (const index of stops) {
      const stop = trip.stops[index];
      const point = trip.plan.stops[index];
      if (!stop) continue;
      for (const employeeId of stop.employeeIds)
        take(employeeId, {
          employeeId,
          stopName: stop.name,
          latitude: point?.latitude ?? null,
          longitude: point?.longitude ?? null,
        });
    }
    if (ended) {
      // Still on board when the trip ended: left where the bus was (their stop's name if they had one).
      const stopOf = new Map<number, string>();
      for (const stop of trip.stops)
        for (const id of stop.employeeIds) if (!stopOf.has(id)) stopOf.set(id, stop.name);
      for (const employeeId of boarded)
        take(employeeId, {
          employeeId,
          stopName: stopOf.get(employeeId) ?? null,
          latitude: memory.bus?.latitude ?? null,
          longitude: memory.bus?.longitude ?? null,
        });
    }
    if (drops.length === 0) return;
    const settings = await safeArrivalSettings(db, trip.branchOfficeId);
    if (!settings || !inNightWindow(time.hhmm(at), settings.nightStart, settings.nightEnd)) return;
    const serviceDay = time.serviceDay(trip.plan.plannedDepartureAt ?? at);
    await recordDrops(
      db,
      { intermediateRouteId: trip.intermediateRouteId, branchOfficeId: trip.branchOfficeId, serviceDay },
      at,
      settings,
      drops,
    );
  }

  /** The furthest stop from `from` on that the bus is within STOP_REACHED_METERS of, else -1. */
  function reachedStop(
    trip: TripWatchUpdate["trip"],
    from: number,
    bus: { latitude: number; longitude: number },
  ) {
    let reached = -1;
    for (let index = from; index < trip.plan.stops.length; index++) {
      const stop = trip.plan.stops[index];
      if (stop && greatCircleMeters(stop, bus) <= STOP_REACHED_METERS) reached = index;
    }
    return reached;
  }

  async function handle(memory: TripMemory, update: TripWatchUpdate) {
    const { trip, event, snapshot } = update;
    if (event.kind === "position") {
      if (!memory.bus || event.at >= memory.bus.at)
        memory.bus = { latitude: event.latitude, longitude: event.longitude, at: event.at };
      // The bus at a stop: its riders (and those of the stops before, passed without coming near) get off.
      const reached = reachedStop(trip, memory.passed, event);
      if (reached >= memory.passed) {
        const stops: number[] = [];
        for (let index = memory.passed; index <= reached; index++) stops.push(index);
        memory.passed = reached + 1;
        await drop(update, memory, stops, false);
      }
    }
    if (snapshot.ended) await drop(update, memory, [], true);
  }

  /** A trip whose end never came (a crash, a lost event) is forgotten after a quiet half day. */
  function forgetIdle() {
    const before = Date.now() - IDLE_TRIP_MS;
    for (const [id, memory] of trips) if (memory.lastSeen < before) trips.delete(id);
  }

  async function onUpdate(update: TripWatchUpdate) {
    if (update.trip.plan.direction !== "outbound") return;
    const id = update.trip.intermediateRouteId;
    let memory = trips.get(id);
    if (!memory) {
      forgetIdle();
      memory = { passed: 0, handled: new Set(), bus: null, lastSeen: Date.now(), queue: Promise.resolve() };
      trips.set(id, memory);
    }
    const current = memory;
    current.lastSeen = Date.now();
    const run = current.queue.then(() => handle(current, update));
    current.queue = run.catch(() => undefined);
    try {
      await run;
    } catch (error) {
      log.error({ err: error, intermediateRouteId: id }, "no se pudieron registrar las llegadas nocturnas");
    } finally {
      if (update.snapshot.ended) trips.delete(id);
    }
  }

  /** Updates being handled (tests wait for them: `settled`). */
  const inFlight = new Set<Promise<void>>();
  const listener: TripWatchListener = (update) => {
    const run = onUpdate(update);
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return run;
  };

  return {
    listener,
    /** Resolves when the updates handed over so far are handled. */
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
export type SafeArrivalDrops = ReturnType<typeof createSafeArrivalDrops>;
