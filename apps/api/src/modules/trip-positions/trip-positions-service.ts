import { type DriverGeolocation, HUB_EVENTS, type MessageResponse, tripGroup } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { deviceTime } from "../../lib/device-time.js";
import { conflict, forbidden, notFound, tooManyRequests } from "../../lib/http-error.js";
import { createDomainEventPublisher } from "../../realtime/domain-events.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import { actionKey, applyOnce, storedResult } from "../client-actions/apply-once.js";
import { createQueuedPositionLimit, type QueuedPositionLimitOptions } from "./queued-position-limit.js";
import {
  findTripsForPositions,
  type PositionRow,
  savePositionIn,
  savePositions,
} from "./trip-positions-repository.js";

export type TripPositionsService = ReturnType<typeof createTripPositionsService>;

export const TOO_MANY_QUEUED =
  "Demasiadas ubicaciones pendientes enviadas a la vez: espere unos segundos y se reenviarán";

type Pending = { row: PositionRow; resolve: () => void; reject: (error: unknown) => void };

/**
 * A driver's position on its own trip in progress: pushed at once as `ReceivedDriverGeolocation`
 * to the trip's group and the admins, and written in batches (never one insert per message).
 * Which trip a driver may report on is cached for a minute and forgotten when a trip ends (every
 * instance hears `trip-ended` on the bus): drivers report every few seconds, so a
 * shorter cache would cost two queries before nearly every push (measured by `npm run bench`).
 */
export function createTripPositionsService(options: {
  db: Db;
  realtime: RealtimeBus;
  /** How long positions wait to be written together. */
  flushMs?: number;
  cacheMs?: number;
  /** At most one position per driver in this interval (a little under a second, for jitter). */
  minIntervalMs?: number;
  /** The rate of queued positions per driver (see `createQueuedPositionLimit`). */
  queued?: QueuedPositionLimitOptions;
  now?: () => number;
  onError?: (error: unknown) => void;
}) {
  const { db, realtime } = options;
  const flushMs = options.flushMs ?? 100;
  const cacheMs = options.cacheMs ?? 60_000;
  const now = options.now ?? Date.now;
  const minIntervalMs = options.minIntervalMs ?? 950;
  const lastAccepted = new Map<number, number>();
  const queuedLimit = createQueuedPositionLimit(options.queued);
  const allowed = new Map<string, { driverId: number; startedAt: Date; until: number }>();
  let pending: Pending[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;

  const events = createDomainEventPublisher(realtime);
  const unsubscribe = realtime.subscribeDomainEvents((event) => {
    if (event.kind === "trip-ended") allowed.clear();
  });

  /**
   * A stored position, to its trip's followers and the admins (`ReceivedDriverGeolocation`) and to
   * the rest of the API (`position-recorded`: the incident monitor).
   */
  async function announce(payload: DriverGeolocation) {
    const { intermediateRouteId, latitude, longitude, date } = payload;
    // Both in this turn: with Redis, each rides its channel's next PUBLISH (not one after the other).
    await Promise.all([
      realtime.publish({
        audience: {
          kind: "many",
          audiences: [{ kind: "group", name: tripGroup(intermediateRouteId) }, { kind: "admins" }],
        },
        target: HUB_EVENTS.receivedDriverGeolocation,
        args: [payload],
      }),
      events.publish({
        kind: "position-recorded",
        intermediateRouteId,
        latitude,
        longitude,
        recordedAt: date,
      }),
    ]);
  }

  type TripForPosition = Awaited<ReturnType<typeof findTripsForPositions>>[number];
  // The trips looked up during this turn, read together in one query at its end: after a deploy
  // every driver reconnects and reports within a few seconds, 10,000 lookups become a few queries.
  let lookups = new Map<number, Promise<TripForPosition | undefined>>();
  let lookupBatch: { ids: number[]; done: Promise<Map<number, TripForPosition>> } | undefined;

  function lookUpTrip(id: number): Promise<TripForPosition | undefined> {
    const known = lookups.get(id);
    if (known) return known;
    if (!lookupBatch) {
      const ids: number[] = [];
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        lookups = new Map();
        lookupBatch = undefined;
        const rows = await findTripsForPositions(db, ids);
        return new Map(rows.map((row) => [row.id, row]));
      });
      lookupBatch = { ids, done };
    }
    lookupBatch.ids.push(id);
    const found = lookupBatch.done.then((rows) => rows.get(id));
    lookups.set(id, found);
    return found;
  }

  async function driverOfTrip(
    user: AuthUser,
    intermediateRouteId: number,
  ): Promise<{ driverId: number; startedAt: Date }> {
    const key = `${user.id}:${intermediateRouteId}`;
    const cached = allowed.get(key);
    if (cached && cached.until > now()) return cached;
    const trip = await lookUpTrip(intermediateRouteId);
    if (!trip) throw notFound("Ruta no encontrada");
    if (trip.driverId === null || trip.driverUserId !== user.id)
      throw forbidden("La ruta no pertenece a este chofer");
    if (trip.status !== "InProgress") throw conflict("La ruta no está en curso");
    if (allowed.size > 100_000) allowed.clear();
    const entry = { driverId: trip.driverId, startedAt: trip.startedAt, until: now() + cacheMs };
    allowed.set(key, entry);
    return entry;
  }

  /**
   * One write at a time: whatever arrives while a batch is being written goes into the next one,
   * so batches grow when the database is slow instead of queueing up behind each other.
   */
  function drain(): Promise<void> {
    if (writing) return writing;
    if (pending.length === 0) return Promise.resolve();
    writing = (async () => {
      while (pending.length > 0) {
        const batch = pending;
        pending = [];
        try {
          await savePositions(
            db,
            batch.map((item) => item.row),
          );
          for (const item of batch) item.resolve();
        } catch (error) {
          options.onError?.(error);
          for (const item of batch) item.reject(error);
        }
      }
      writing = undefined;
    })();
    return writing;
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    return drain();
  }

  function enqueue(row: PositionRow): Promise<void> {
    return new Promise((resolve, reject) => {
      pending.push({ row, resolve, reject });
      if (writing) return; // the write in progress takes it next
      if (pending.length >= 500) void flush();
      else if (!timer) timer = setTimeout(() => void flush(), flushMs);
    });
  }

  return {
    /**
     * Validates, publishes and stores one position; resolves once it is written. `recordedAt` is the
     * device's time (hub `SendGeolocationAt`): a position held up by a stalled connection keeps the
     * time it was taken, checked like every device time (decision 0017).
     */
    async record(
      user: AuthUser,
      input: { intermediateRouteId: number; latitude: number; longitude: number; recordedAt?: string },
    ): Promise<DriverGeolocation> {
      if (user.role !== "Driver") throw forbidden("Solo los choferes pueden enviar su ubicación");
      const last = lastAccepted.get(user.id);
      if (last !== undefined && now() - last < minIntervalMs)
        throw tooManyRequests("Demasiadas ubicaciones: envíe como máximo una por segundo");
      const { driverId, startedAt } = await driverOfTrip(user, input.intermediateRouteId);
      const recordedAt = deviceTime(input.recordedAt, { field: "recordedAt", notBefore: startedAt }, now());
      if (lastAccepted.size > 50_000) lastAccepted.clear();
      lastAccepted.set(user.id, now());
      const payload: DriverGeolocation = {
        intermediateRouteId: input.intermediateRouteId,
        driverId,
        latitude: input.latitude,
        longitude: input.longitude,
        date: recordedAt.toISOString(),
      };
      const stored = enqueue({
        intermediateRouteId: input.intermediateRouteId,
        latitude: input.latitude,
        longitude: input.longitude,
        recordedAt,
      });
      await announce(payload);
      await stored;
      return payload;
    },
    /**
     * The Treiber App's position with an `actionId` (REST): applied at most once per action id, in
     * its own transaction (not batched). One queued offline carries the device's `recordedAt`: it is
     * checked against the trip's start and the server clock and goes through the driver's bucket of
     * queued positions (an outbox sends many at once; decision 0038); a live one (no `recordedAt`)
     * keeps the one-per-second limit.
     */
    async recordOnce(
      user: AuthUser,
      input: {
        intermediateRouteId: number;
        latitude: number;
        longitude: number;
        recordedAt?: string;
        actionId: string;
      },
    ) {
      if (user.role !== "Driver") throw forbidden("Solo los choferes pueden enviar su ubicación");
      if (input.recordedAt !== undefined) {
        const wait = queuedLimit.take(user.id);
        if (wait > 0) throw Object.assign(tooManyRequests(TOO_MANY_QUEUED), { retryAfter: wait });
      }
      const key = actionKey(user, "position", input);
      const replay = key && (await storedResult<MessageResponse>(db, key));
      if (replay) return replay;
      if (input.recordedAt === undefined) {
        const last = lastAccepted.get(user.id);
        if (last !== undefined && now() - last < minIntervalMs)
          throw tooManyRequests("Demasiadas ubicaciones: envíe como máximo una por segundo");
      }
      const { driverId, startedAt } = await driverOfTrip(user, input.intermediateRouteId);
      const recordedAt = deviceTime(input.recordedAt, { field: "recordedAt", notBefore: startedAt }, now());
      if (input.recordedAt === undefined) lastAccepted.set(user.id, now());
      const row: PositionRow = {
        intermediateRouteId: input.intermediateRouteId,
        latitude: input.latitude,
        longitude: input.longitude,
        recordedAt,
      };
      let stored = false;
      const result = await applyOnce(db, key, 200, async (tx): Promise<MessageResponse> => {
        // A queued position within the live spacing of one already stored is accepted, not stored twice.
        const saved = await savePositionIn(tx, row, input.recordedAt === undefined ? 0 : minIntervalMs);
        if (!saved) throw conflict("La ruta no está en curso");
        stored = saved.stored;
        return { message: "Ubicación registrada" };
      });
      if (!result.replayed && stored) {
        const payload: DriverGeolocation = {
          intermediateRouteId: input.intermediateRouteId,
          driverId,
          latitude: input.latitude,
          longitude: input.longitude,
          date: recordedAt.toISOString(),
        };
        await announce(payload);
      }
      return result;
    },
    flush,
    async close() {
      unsubscribe();
      await flush();
    },
  };
}
