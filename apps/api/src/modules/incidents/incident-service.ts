import {
  INCIDENT_ACKNOWLEDGED_MESSAGE,
  INCIDENT_MESSAGES,
  type IncidentListQuery,
  type IncidentListResponse,
  type IncidentThresholdsResponse,
  type IncidentThresholdValues,
  type IncidentTripView,
  type IncidentType,
  isManualCloseIncident,
  SAFETY_MESSAGES,
  type SafetyOutcome,
} from "@treiber/contract";
import { compilePath } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { conflict, notFound } from "../../lib/http-error.js";
import { pageWindow } from "../../lib/paging.js";
import type { DomainEventPublisher } from "../../realtime/domain-events.js";
import { supplierScopeOf } from "../supplier-portal/supplier-scope.js";
import { TRIP_NOT_FOUND } from "../trips/trip-access.js";
import { findTrip } from "../trips/trip-repository.js";
import { findTripTrace, rawTrace } from "../trips/trip-trace-repository.js";
import type { IncidentAnnouncer } from "./incident-announcer.js";
import { toIncidentItem } from "./incident-items.js";
import type { IncidentMonitor } from "./incident-monitor.js";
import { acknowledgeIncident, closeSafetyIncident, listIncidents } from "./incident-repository.js";
import { branchOfficeExists, saveThresholds, thresholdsOf } from "./thresholds-repository.js";
import { createTripPlanLoader, mergeThresholds } from "./trip-plan-loader.js";

export type IncidentService = ReturnType<typeof createIncidentService>;

/** The control room's HTTP side: the incident list, acknowledging, one trip against its plan, thresholds. */
export function createIncidentService(deps: {
  db: Db;
  monitor: IncidentMonitor;
  announce: IncidentAnnouncer;
  /** Tells every instance's monitor about new thresholds (without it, only this one's). */
  events?: DomainEventPublisher;
  /** The branch offices' clock (app.ts builds the one of the API). */
  time: BranchOfficeTime;
  now?: () => number;
}) {
  const { db, monitor, announce, time } = deps;
  const now = deps.now ?? Date.now;
  const loader = createTripPlanLoader(db, time, now);

  async function assertBranchOffice(id: number) {
    if (!(await branchOfficeExists(db, id))) throw notFound("Sucursal no encontrada");
  }

  return {
    /** The control room's list; a supplier's user sees only its supplier's incidents. */
    async list(user: AuthUser, query: IncidentListQuery, clock: CallerClock): Promise<IncidentListResponse> {
      const supplierId = await supplierScopeOf(db, user);
      const { rows, amount, openCount } = await listIncidents(
        db,
        {
          range: clock.optionalDayRange(query),
          type: query.type,
          status: query.status,
          intermediateRouteId: query.intermediateRouteId,
          branchOfficeId: query.branchOfficeId,
          supplierId,
        },
        pageWindow(query),
      );
      return { amount, openCount, list: rows.map(toIncidentItem) };
    },

    async acknowledge(user: AuthUser, body: { id: number; note: string }) {
      const result = await acknowledgeIncident(db, { ...body, userId: user.id, at: new Date(now()) });
      if (!result.changed) {
        if (result.status === undefined) throw notFound(INCIDENT_MESSAGES.notFound);
        throw conflict(
          result.status === "CLOSED"
            ? INCIDENT_MESSAGES.alreadyClosed
            : INCIDENT_MESSAGES.alreadyAcknowledged,
        );
      }
      await announce([body.id]);
      return { message: INCIDENT_ACKNOWLEDGED_MESSAGE };
    },

    /**
     * Closes an SOS or SAFE_ARRIVAL_UNCONFIRMED by hand (open or acknowledged): `manual`, the
     * outcome, the note and who (decision 0080). Any other type: 409, the system closes it.
     */
    async close(user: AuthUser, body: { id: number; note: string; outcome: SafetyOutcome }) {
      const result = await closeSafetyIncident(db, { ...body, userId: user.id, at: new Date(now()) });
      if (!result.changed) {
        if (result.status === undefined) throw notFound(INCIDENT_MESSAGES.notFound);
        if (result.type === undefined || !isManualCloseIncident(result.type as IncidentType))
          throw conflict(SAFETY_MESSAGES.closeManualOnly);
        throw conflict(INCIDENT_MESSAGES.alreadyClosed);
      }
      await announce([body.id]);
      return { message: SAFETY_MESSAGES.closed };
    },

    async trip(intermediateRouteId: number): Promise<IncidentTripView> {
      const row = await findTrip(db, intermediateRouteId);
      if (!row) throw notFound(TRIP_NOT_FOUND);
      const loaded =
        monitor.watchedTrip(intermediateRouteId)?.loaded ?? (await loader.load([intermediateRouteId]))[0];
      const plan = loaded?.trip.plan;
      const path = plan ? compilePath(plan) : null;
      const plannedPath: Array<[number, number]> = [];
      if (path)
        for (let i = 0; i < path.xs.length; i++) {
          const point = path.projection.toGeo(path.xs[i] as number, path.ys[i] as number);
          plannedPath.push([point.latitude, point.longitude]);
        }
      let trace = await rawTrace(db, intermediateRouteId);
      if (trace.length === 0) trace = (await findTripTrace(db, intermediateRouteId))?.points ?? [];
      const { rows } = await listIncidents(db, { intermediateRouteId }, { limit: 500, offset: 0 });
      return {
        intermediateRouteId,
        routeName: row.routeName ?? "",
        driverName: row.driverName === null ? null : `${row.driverName} ${row.driverLastname ?? ""}`.trim(),
        supplierName: row.supplierName,
        status: row.status,
        startedAt: row.startedAt.toISOString(),
        finishedAt: row.endedAt?.toISOString() ?? null,
        plannedPathSource: path?.source ?? null,
        plannedPath,
        stops: (loaded?.trip.stops ?? []).map((stop, index) => ({
          name: stop.name,
          latitude: plan?.stops[index]?.latitude ?? 0,
          longitude: plan?.stops[index]?.longitude ?? 0,
          plannedTime: time.hhmm(stop.plannedAt),
        })),
        trace: trace.map(([latitude, longitude]) => [latitude, longitude]),
        incidents: rows.map(toIncidentItem),
      };
    },

    async thresholds(branchOfficeId: number): Promise<IncidentThresholdsResponse> {
      await assertBranchOffice(branchOfficeId);
      const saved = await thresholdsOf(db, branchOfficeId);
      return { ...mergeThresholds(saved?.values), branchOfficeId, custom: saved !== undefined };
    },

    async saveThresholds(values: IncidentThresholdValues & { branchOfficeId: number }) {
      const { branchOfficeId, ...thresholds } = values;
      await assertBranchOffice(branchOfficeId);
      await saveThresholds(db, branchOfficeId, thresholds);
      // Trips starting after use them; the running trips of the branch office are rebuilt with them
      // on every instance (the event reaches this one too); without the bus, at least on this one.
      const told = await deps.events?.publish({ kind: "incident-thresholds-changed", branchOfficeId });
      if (!told) monitor.thresholdsChanged(branchOfficeId);
      return { ...mergeThresholds(thresholds), branchOfficeId, custom: true };
    },
  };
}
