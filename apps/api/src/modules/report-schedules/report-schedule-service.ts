import {
  INTEGRATION_MESSAGES,
  type ReportScheduleItem,
  type reportScheduleCreateSchema,
  type ScheduledReport,
  type ScheduleFrequency,
} from "@treiber/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { AuthUser } from "../../lib/auth-user.js";
import { notFound } from "../../lib/http-error.js";
import {
  deleteSchedule,
  insertSchedule,
  listRuns,
  listSchedules,
  type ScheduleRow,
} from "./report-schedule-repository.js";
import type { ScheduleSlot } from "./schedule-clock.js";
import { checkFilters, type ScheduleFilters } from "./scheduled-report-catalog.js";

export type ReportScheduleService = ReturnType<typeof createReportScheduleService>;

/** An Admin works on their own schedules; a SuperAdmin on everyone's. */
const ownerOf = (caller: AuthUser) => (caller.role === "SuperAdmin" ? undefined : caller.id);

function toItem(row: ScheduleRow, createdBy: string | null): ReportScheduleItem {
  return {
    id: row.id,
    report: row.report as ScheduledReport,
    frequency: row.frequency as ScheduleFrequency,
    time: row.time,
    weekday: row.weekday,
    monthDay: row.monthDay,
    recipients: row.recipients,
    filters: row.filters as ScheduleFilters,
    createdBy,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
  };
}

/** Schedules of reports by e-mail (issue 39): create, list, delete, and their runs. */
export function createReportScheduleService(deps: {
  db: Db;
  now: () => number;
  nextRunAt: (slot: ScheduleSlot, instant: number) => Date;
}) {
  const { db } = deps;

  async function visible(caller: AuthUser, id: number) {
    const [row] = await listSchedules(db, { ownerId: ownerOf(caller), id });
    if (!row) throw notFound(INTEGRATION_MESSAGES.scheduleNotFound);
    return row;
  }

  return {
    async create(caller: AuthUser, body: z.output<typeof reportScheduleCreateSchema>) {
      const filters = checkFilters(body.report, body.filters);
      const weekday = body.frequency === "weekly" ? (body.weekday ?? null) : null;
      const monthDay = body.frequency === "monthly" ? (body.monthDay ?? null) : null;
      const slot = { frequency: body.frequency, time: body.time, weekday, monthDay };
      const recipients = [...new Set(body.recipients.map((email) => email.trim().toLowerCase()))];
      const id = await insertSchedule(db, {
        ...slot,
        report: body.report,
        recipients,
        filters,
        createdByUserId: caller.id,
        nextRunAt: deps.nextRunAt(slot, deps.now()),
      });
      const row = await visible(caller, id);
      return toItem(row.schedule, row.createdBy);
    },

    async list(caller: AuthUser, report: ScheduledReport | undefined) {
      const rows = await listSchedules(db, { ownerId: ownerOf(caller), ...(report && { report }) });
      return { amount: rows.length, list: rows.map((row) => toItem(row.schedule, row.createdBy)) };
    },

    async remove(caller: AuthUser, id: number) {
      if (!(await deleteSchedule(db, id, ownerOf(caller), new Date(deps.now())))) {
        throw notFound(INTEGRATION_MESSAGES.scheduleNotFound);
      }
      return { message: INTEGRATION_MESSAGES.scheduleDeleted };
    },

    async runs(caller: AuthUser, id: number) {
      await visible(caller, id);
      const rows = await listRuns(db, id);
      return {
        list: rows.map((run) => ({
          id: run.id,
          scheduledFor: run.scheduledFor.toISOString(),
          ranAt: run.ranAt.toISOString(),
          status: run.status,
          error: run.error,
          periodFrom: run.periodFrom,
          periodUntil: run.periodUntil,
        })),
      };
    },
  };
}
