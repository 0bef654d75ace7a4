import {
  type Role,
  SCHEDULED_REPORT_LABELS,
  type ScheduledReport,
  type ScheduleFrequency,
} from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client.js";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { createJobTicker } from "../../lib/job-ticker.js";
import type { Mailer } from "../../mail/mailer.js";
import {
  claimRun,
  dueSchedules,
  endSession,
  findCreator,
  finishRun,
  openSession,
  type ScheduleRow,
} from "./report-schedule-repository.js";
import { apiDay, isoDay, type ScheduleSlot, scheduleClock } from "./schedule-clock.js";
import { excelUrl, type ScheduleFilters } from "./scheduled-report-catalog.js";

/** How often every instance looks for schedules due (decision 0086). */
export const REPORT_SCHEDULE_TICK_MS = 30_000;
/** How long the creator's session for one run lives (the Excel is read in-process). */
const RUN_SESSION_MS = 5 * 60_000;
/** Most mail servers refuse larger messages: a bigger Excel fails the run with a clear reason. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

type TokenSigner = {
  signAccessToken(
    user: { id: number; role: Role; mustChangePassword?: boolean },
    sessionId: string,
  ): Promise<string>;
};
export type ReportScheduleRunResult = { sent: number; failed: number };
export type ReportScheduleRunner = ReturnType<typeof createReportScheduleRunner>;

export const slotOf = (row: ScheduleRow): ScheduleSlot => ({
  frequency: row.frequency as ScheduleFrequency,
  time: row.time,
  weekday: row.weekday,
  monthDay: row.monthDay,
});

/** The API's error message of an answer, if it is one. */
function messageOf(body: string): string {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === "string" ? message : "";
  } catch {
    return "";
  }
}

const fail = (message: string) => ({ ok: false as const, error: message.slice(0, 500) });

/**
 * Reports by e-mail (issue 39, decision 0086). Every `tickMs` each instance reads the schedules due
 * and claims each with a conditional update of its `next_run_at` (only one instance wins a slot);
 * after downtime one run catches up the latest missed slot, not every one. The Excel is read by
 * calling the report's own Excel route in-process with a short session of the schedule's creator
 * (their rights now: an inactive account or a lost role fails the run), for the period the
 * frequency names on the branch offices' clock, and mailed as an attachment.
 */
export function createReportScheduleRunner(deps: {
  db: Db;
  app: FastifyInstance;
  tokens: TokenSigner;
  mailer: Mailer;
  time: BranchOfficeTime;
  now: () => number;
  onError: (error: unknown) => void;
  tickMs?: number;
}) {
  const { db, app, tokens, mailer, time } = deps;
  const clock = scheduleClock(time);

  async function readExcel(row: ScheduleRow, slotAt: number, since: number, until: number) {
    const creator = await findCreator(db, row.createdByUserId);
    if (creator?.status !== "active") return fail("La cuenta de quien programó el envío no está activa");
    const sessionId = await openSession(db, creator.id, RUN_SESSION_MS);
    try {
      // Their rights now, as any request of theirs: a password still to change is refused too.
      const token = await tokens.signAccessToken(
        { id: creator.id, role: creator.role as Role, mustChangePassword: creator.mustChangePassword },
        sessionId,
      );
      const response = await app.inject({
        method: "GET",
        url: excelUrl(
          row.report as ScheduledReport,
          row.filters as ScheduleFilters,
          apiDay(since),
          apiDay(until),
        ),
        headers: { authorization: `Bearer ${token}`, gmt: String(time.offset(slotAt) / 60) },
      });
      if (response.statusCode !== 200) {
        return fail(`El reporte respondió ${response.statusCode}: ${messageOf(response.body)}`);
      }
      if (response.rawPayload.length > MAX_ATTACHMENT_BYTES) {
        return fail("El Excel supera 20 MB: elija filtros o una frecuencia con menos filas");
      }
      const disposition = String(response.headers["content-disposition"] ?? "");
      const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `${row.report}.xlsx`;
      return { ok: true as const, filename, content: response.rawPayload };
    } finally {
      await endSession(db, sessionId);
    }
  }

  async function runOne(row: ScheduleRow, now: number): Promise<"sent" | "failed" | undefined> {
    const slot = slotOf(row);
    const slotAt = clock.latestSlot(slot, now);
    const period = clock.period(slot.frequency, slotAt);
    const runId = await claimRun(db, {
      schedule: row,
      nextRunAt: new Date(clock.nextSlot(slot, now)),
      scheduledFor: new Date(slotAt),
      ranAt: new Date(now),
      periodFrom: isoDay(period.from),
      periodUntil: isoDay(period.until),
    });
    if (runId === undefined) return undefined;
    let outcome: { ok: true } | { ok: false; error: string };
    try {
      const excel = await readExcel(row, slotAt, period.from, period.until);
      if (excel.ok) {
        const label = SCHEDULED_REPORT_LABELS[row.report as ScheduledReport] ?? row.report;
        const range =
          period.from === period.until
            ? apiDay(period.from)
            : `${apiDay(period.from)} – ${apiDay(period.until)}`;
        const mailed = await mailer.send({
          to: row.recipients.join(", "),
          subject: `Treiber: ${label} (${range})`,
          text: `Adjunto el ${label} del período ${range}.\n\nEnvío programado en Treiber; para dejar de recibirlo, pida a quien lo programó que lo elimine.`,
          attachments: [{ filename: excel.filename, content: excel.content, contentType: XLSX }],
        });
        outcome =
          mailed === "sent"
            ? { ok: true }
            : fail(
                mailed === "outbox"
                  ? "Sin servidor de correo (SMTP_URL): el correo quedó en la bandeja de salida sin el Excel"
                  : "El servidor de correo rechazó el envío",
              );
      } else outcome = excel;
    } catch (error) {
      deps.onError(error);
      outcome = fail("Error al generar o enviar el reporte");
    }
    await finishRun(db, {
      id: runId,
      scheduleId: row.id,
      status: outcome.ok ? "sent" : "failed",
      error: outcome.ok ? null : outcome.error,
      at: new Date(now),
    });
    return outcome.ok ? "sent" : "failed";
  }

  /** Runs the schedules due at `now` (default the clock's); how many went out and failed. */
  async function run(now = deps.now()): Promise<ReportScheduleRunResult> {
    const result: ReportScheduleRunResult = { sent: 0, failed: 0 };
    for (const row of await dueSchedules(db, new Date(now))) {
      if (ticker.stopped()) break;
      const outcome = await runOne(row, now);
      if (outcome) result[outcome] += 1;
    }
    return result;
  }

  const ticker = createJobTicker({
    tickMs: deps.tickMs ?? REPORT_SCHEDULE_TICK_MS,
    run: () => run(),
    onError: deps.onError,
  });

  return {
    run,
    /** The first slot after `instant` (a new schedule's `next_run_at`). */
    nextRunAt: (slot: ScheduleSlot, instant: number) => new Date(clock.nextSlot(slot, instant)),
    start: ticker.start,
    stop: ticker.stop,
  };
}
