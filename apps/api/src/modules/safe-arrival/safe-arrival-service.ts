import {
  type MessageResponse,
  SAFETY_MESSAGES,
  type SafeArrivalReportItem,
  type SafeArrivalReportQuery,
  type SafetyOutcome,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { notFound } from "../../lib/http-error.js";
import { pageWindow } from "../../lib/paging.js";
import { sha256Hex } from "../../lib/sha256-hex.js";
import { actionKey, applyOnce } from "../client-actions/apply-once.js";
import { employeeOf } from "../trips/trip-access.js";
import {
  branchOfficeName,
  type SafeArrivalReportFilters,
  type SafeArrivalReportRow,
  safeArrivalReportBatches,
  safeArrivalReportPage,
} from "./safe-arrival-report-repository.js";
import { answerByToken, confirmOwn, pendingOf } from "./safe-arrival-repository.js";
import { toSafeArrivalCheck } from "./safe-arrival-sweep.js";

/** A question unanswered this long after the drop is no longer shown to the rider. */
const PENDING_HOURS = 12;

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

export const toReportItem = (row: SafeArrivalReportRow): SafeArrivalReportItem => ({
  id: row.id,
  serviceDay: row.serviceDay,
  employeeName: row.employeeName,
  routeName: row.routeName,
  intermediateRouteId: row.intermediateRouteId,
  branchOfficeName: row.branchOfficeName,
  stopName: row.stopName,
  latitude: row.latitude,
  longitude: row.longitude,
  droppedAt: row.droppedAt.toISOString(),
  askedAt: iso(row.askedAt),
  confirmedAt: iso(row.confirmedAt),
  confirmedVia: row.confirmedVia,
  status: row.status,
  incidentId: row.incidentId,
  attendedBy: row.attendedBy,
  outcome: (row.outcome as SafetyOutcome | null) ?? null,
});

/** The report's filters from its query: drops in the caller's local days, branch office, status, search. */
export function reportFilters(query: SafeArrivalReportQuery, clock: CallerClock): SafeArrivalReportFilters {
  const range = clock.optionalDayRange(query);
  return {
    ...(range && { range }),
    ...(query.branchOfficeId && { branchOfficeId: query.branchOfficeId }),
    ...(query.status && { status: query.status }),
    ...(query.criterion && { criterion: query.criterion }),
  };
}

/** «¿Llegó bien?» for the rider, «Sí» from the app or the push, and the night drops' report. */
export function createSafeArrivalService(deps: { db: Db; now: () => number }) {
  const { db, now } = deps;
  return {
    /** The caller's checks asked and not answered, of the last 12 h (Treiber App shows the prompt). */
    async pending(user: AuthUser) {
      const employee = await employeeOf(db, user);
      const since = now() - PENDING_HOURS * 3_600_000;
      return { list: (await pendingOf(db, employee.id, since)).map(toSafeArrivalCheck) };
    },

    /** «Sí, llegué bien» through the outbox: once per action id; someone else's check is 404. */
    async confirm(user: AuthUser, body: { id: number; actionId?: string }) {
      const employee = await employeeOf(db, user);
      return applyOnce(db, actionKey(user, "safe-arrival-confirm", body), 200, async (tx) => {
        if (!(await confirmOwn(tx, body.id, employee.id, now())))
          throw notFound(SAFETY_MESSAGES.checkNotFound);
        return { message: SAFETY_MESSAGES.arrived } satisfies MessageResponse;
      });
    },

    /** «Sí» from the notification, without a session: the push's one-time token. */
    async answer(token: string): Promise<MessageResponse> {
      if (!(await answerByToken(db, sha256Hex(token), now()))) throw notFound(SAFETY_MESSAGES.checkNotFound);
      return { message: SAFETY_MESSAGES.arrived };
    },

    async report(query: SafeArrivalReportQuery, clock: CallerClock) {
      const page = await safeArrivalReportPage(db, reportFilters(query, clock), pageWindow(query));
      return { amount: page.amount, list: page.rows.map(toReportItem) };
    },

    /** A branch office's name (the Excel's filter rows). */
    branchOfficeName: (id: number) => branchOfficeName(db, id),

    /** Every matching drop, in batches (the Excel). */
    async *reportRows(query: SafeArrivalReportQuery, clock: CallerClock) {
      for await (const rows of safeArrivalReportBatches(db, reportFilters(query, clock)))
        yield rows.map(toReportItem);
    },
  };
}
export type SafeArrivalService = ReturnType<typeof createSafeArrivalService>;
