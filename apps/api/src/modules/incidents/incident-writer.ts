import type { IncidentTransition } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { IncidentAnnouncer } from "./incident-announcer.js";
import { storedDetail, storedEvidence } from "./incident-items.js";
import { clearNotStarted, closeIncident, closeTripIncidents, openIncident } from "./incident-repository.js";
import type { LoadedTrip } from "./trip-plan-loader.js";

type Log = { error(object: unknown, message: string): void };

/**
 * The incident monitor's one writer per instance (decision 0052): each job runs after every job
 * before it, so a trip's transitions keep their order. Open = insert … on conflict do nothing, close
 * = update … where unclosed; only the rows a job changed are announced (`ReceiveIncident`): with
 * several instances computing the same, the database says which one announces. A failed job is
 * logged; the next ones still run.
 */
export function createIncidentWriter(deps: {
  db: Db;
  announce: IncidentAnnouncer;
  log: Log;
  now: () => number;
}) {
  const { db, announce, log, now } = deps;
  let writes: Promise<void> = Promise.resolve();
  let pending = 0;

  function enqueue(job: () => Promise<void>): Promise<void> {
    pending++;
    writes = writes
      .then(job)
      .catch((error) => log.error({ err: error }, "no se pudo guardar una incidencia"))
      .finally(() => {
        pending--;
      });
    return writes;
  }

  return {
    /** Writes a trip's transitions in order and announces the rows they changed. */
    transitions(trip: LoadedTrip, transitions: readonly IncidentTransition[]): void {
      if (transitions.length === 0) return;
      void enqueue(async () => {
        const changed: number[] = [];
        for (const t of transitions) {
          const row = await apply(db, trip, t);
          if (row !== undefined) changed.push(row);
        }
        await announce(changed);
      });
    },
    /** The trip ended at `at` (never after now): its unclosed incidents close `trip-ended`. */
    tripEnded(intermediateRouteId: number, at: number): void {
      void enqueue(async () =>
        announce(await closeTripIncidents(db, intermediateRouteId, new Date(Math.min(at, now())))),
      );
    },
    /** The trip started: a NOT_STARTED of its route that day closes `cleared`, tied to the trip. */
    notStartedCleared(trip: LoadedTrip): void {
      if (!trip.trip.routeId) return;
      void enqueue(async () => {
        const cleared = await clearNotStarted(db, {
          routeId: trip.trip.routeId,
          serviceDay: trip.serviceDay,
          intermediateRouteId: trip.trip.intermediateRouteId,
          at: new Date(trip.startedAt),
        });
        if (cleared !== undefined) await announce([cleared]);
      });
    },
    /** Announces rows written elsewhere (NOT_STARTED's scan), after the writes before. */
    announce: (ids: readonly number[]) => enqueue(() => announce(ids)),
    /** Runs `run` after the writes queued so far (at once when none is): it reads their rows. */
    afterWrites(run: () => void): void {
      if (pending > 0) writes = writes.then(run);
      else run();
    },
    /** Resolves when every write queued so far is done. */
    settled: (): Promise<void> => writes,
  };
}
export type IncidentWriter = ReturnType<typeof createIncidentWriter>;

/** One transition of a trip in its row: the row's id when it changed. */
async function apply(db: Db, trip: LoadedTrip, t: IncidentTransition): Promise<number | undefined> {
  const intermediateRouteId = trip.trip.intermediateRouteId;
  if (t.action === "open")
    return openIncident(db, {
      intermediateRouteId,
      routeId: trip.trip.routeId || null,
      serviceDay: trip.serviceDay,
      driverId: trip.driverId,
      supplierId: trip.supplierId,
      type: t.type,
      stopIndex: t.stopIndex,
      openedAt: new Date(t.at),
      detail: storedDetail(t.detail),
      evidence: storedEvidence(t.evidence),
    });
  return closeIncident(db, {
    intermediateRouteId,
    type: t.type,
    stopIndex: t.stopIndex,
    at: new Date(t.at),
    reason: t.reason ?? "cleared",
    evidence: storedEvidence(t.evidence),
  });
}
