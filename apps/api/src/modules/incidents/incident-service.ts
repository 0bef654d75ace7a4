import {
  INCIDENT_ACKNOWLEDGED_MESSAGE,
  INCIDENT_MESSAGES,
  type IncidentListQuery,
  type IncidentListResponse,
  type IncidentThresholdsResponse,
  type IncidentThresholdValues,
  type IncidentType,
  isManualCloseIncident,
  SAFETY_MESSAGES,
  type SafetyOutcome,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { conflict, notFound } from "../../lib/http-error.js";
import { pageWindow } from "../../lib/paging.js";
import type { DomainEventPublisher } from "../../realtime/domain-events.js";
import { supplierScopeOf } from "../supplier-portal/supplier-scope.js";
import type { IncidentAnnouncer } from "./incident-announcer.js";
import { toIncidentItem } from "./incident-items.js";
import type { IncidentMonitor } from "./incident-monitor.js";
import { acknowledgeIncident, closeSafetyIncident, listIncidents } from "./incident-repository.js";
import { createIncidentTripView } from "./incident-trip-view.js";
import { branchOfficeExists, saveThresholds, thresholdsOf } from "./thresholds-repository.js";
import { createTripPlanLoader, mergeThresholds } from "./trip-plan-loader.js";

export type IncidentService = ReturnType<typeof createIncidentService>;

/** An acknowledgement or close that changed nothing: what the row was (none: it does not exist). */
type Unchanged = { status?: string; type?: string };

/** Why an acknowledgement changed nothing: 404, or 409 closed / already acknowledged. */
function acknowledgeRefusal(result: Unchanged) {
  if (result.status === undefined) return notFound(INCIDENT_MESSAGES.notFound);
  return conflict(
    result.status === "CLOSED" ? INCIDENT_MESSAGES.alreadyClosed : INCIDENT_MESSAGES.alreadyAcknowledged,
  );
}

/** Why a manual close changed nothing: 404, 409 for a type the system closes, or 409 closed. */
function closeRefusal(result: Unchanged) {
  if (result.status === undefined) return notFound(INCIDENT_MESSAGES.notFound);
  if (result.type === undefined || !isManualCloseIncident(result.type as IncidentType))
    return conflict(SAFETY_MESSAGES.closeManualOnly);
  return conflict(INCIDENT_MESSAGES.alreadyClosed);
}

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

  return {
    list: (user: AuthUser, query: IncidentListQuery, clock: CallerClock) => listFor(db, user, query, clock),

    async acknowledge(user: AuthUser, body: { id: number; note: string }) {
      const result = await acknowledgeIncident(db, { ...body, userId: user.id, at: new Date(now()) });
      if (!result.changed) throw acknowledgeRefusal(result);
      await announce([body.id]);
      return { message: INCIDENT_ACKNOWLEDGED_MESSAGE };
    },

    /**
     * Closes an SOS or SAFE_ARRIVAL_UNCONFIRMED by hand (open or acknowledged): `manual`, the
     * outcome, the note and who (decision 0080). Any other type: 409, the system closes it.
     */
    async close(user: AuthUser, body: { id: number; note: string; outcome: SafetyOutcome }) {
      const result = await closeSafetyIncident(db, { ...body, userId: user.id, at: new Date(now()) });
      if (!result.changed) throw closeRefusal(result);
      await announce([body.id]);
      return { message: SAFETY_MESSAGES.closed };
    },

    trip: createIncidentTripView({ db, monitor, loader, time }),

    ...createThresholdsHandlers(db, monitor, deps.events),
  };
}

/** The control room's list; a supplier's user sees only its supplier's incidents. */
async function listFor(
  db: Db,
  user: AuthUser,
  query: IncidentListQuery,
  clock: CallerClock,
): Promise<IncidentListResponse> {
  const supplierId = await supplierScopeOf(db, user);
  const filter = {
    range: clock.optionalDayRange(query),
    type: query.type,
    status: query.status,
    intermediateRouteId: query.intermediateRouteId,
    branchOfficeId: query.branchOfficeId,
    supplierId,
  };
  const { rows, amount, openCount } = await listIncidents(db, filter, pageWindow(query));
  return { amount, openCount, list: rows.map(toIncidentItem) };
}

/** A branch office's incident thresholds: read (defaults merged) and saved (the monitors told). */
function createThresholdsHandlers(
  db: Db,
  monitor: IncidentMonitor,
  events: DomainEventPublisher | undefined,
) {
  async function assertBranchOffice(id: number) {
    if (!(await branchOfficeExists(db, id))) throw notFound("Sucursal no encontrada");
  }

  return {
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
      const told = await events?.publish({ kind: "incident-thresholds-changed", branchOfficeId });
      if (!told) monitor.thresholdsChanged(branchOfficeId);
      return { ...mergeThresholds(thresholds), branchOfficeId, custom: true };
    },
  };
}
