import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { refreshTokens, reportScheduleRuns, reportSchedules, users } from "../../db/schema.js";
import { sha256Hex } from "../../lib/sha256-hex.js";

export type ScheduleRow = typeof reportSchedules.$inferSelect;
export type ScheduleInsert = typeof reportSchedules.$inferInsert;

/** Who made the schedule, as the cuts show it: the person's name, else the e-mail. */
const creatorName = sql<
  string | null
>`(select coalesce(e.name || ' ' || e.lastname, d.name || ' ' || d.lastname, u.email)
  from users u left join employees e on e.user_id = u.id left join drivers d on d.user_id = u.id
  where u.id = ${reportSchedules.createdByUserId})`;

/** Only the caller's own schedules unless `ownerId` is undefined (a SuperAdmin sees them all). */
const visible = (ownerId: number | undefined) =>
  and(
    isNull(reportSchedules.deletedAt),
    ownerId === undefined ? undefined : eq(reportSchedules.createdByUserId, ownerId),
  );

export async function insertSchedule(db: Db, values: ScheduleInsert): Promise<number> {
  const [row] = await db.insert(reportSchedules).values(values).returning({ id: reportSchedules.id });
  if (!row) throw new Error("schedule insert returned nothing");
  return row.id;
}

export function listSchedules(db: Db, filter: { ownerId?: number; report?: string; id?: number }) {
  return db
    .select({ schedule: reportSchedules, createdBy: creatorName })
    .from(reportSchedules)
    .where(
      and(
        visible(filter.ownerId),
        filter.report ? eq(reportSchedules.report, filter.report) : undefined,
        filter.id === undefined ? undefined : eq(reportSchedules.id, filter.id),
      ),
    )
    .orderBy(desc(reportSchedules.id))
    .limit(500);
}

/** Soft-deletes a visible schedule (its runs stay); whether there was one. */
export async function deleteSchedule(db: Db, id: number, ownerId: number | undefined, at: Date) {
  const rows = await db
    .update(reportSchedules)
    .set({ deletedAt: at })
    .where(and(eq(reportSchedules.id, id), visible(ownerId)))
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}

/** A visible schedule's latest runs, newest first. */
export function listRuns(db: Db, scheduleId: number, limit = 50) {
  return db
    .select()
    .from(reportScheduleRuns)
    .where(eq(reportScheduleRuns.scheduleId, scheduleId))
    .orderBy(desc(reportScheduleRuns.scheduledFor))
    .limit(limit);
}

/** Schedules due at `now` (not deleted), the most overdue first. */
export function dueSchedules(db: Db, now: Date, limit = 50) {
  return db
    .select()
    .from(reportSchedules)
    .where(and(isNull(reportSchedules.deletedAt), lte(reportSchedules.nextRunAt, now)))
    .orderBy(reportSchedules.nextRunAt)
    .limit(limit);
}

/**
 * Claims one run of a schedule, once across instances: moves `next_run_at` on only if it still is
 * what this instance read, and records the run (unique per schedule and slot) in the same
 * transaction. The run's id, or undefined when another instance claimed it first.
 */
export async function claimRun(
  db: Db,
  claim: {
    schedule: ScheduleRow;
    nextRunAt: Date;
    scheduledFor: Date;
    ranAt: Date;
    periodFrom: string;
    periodUntil: string;
  },
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(reportSchedules)
      .set({ nextRunAt: claim.nextRunAt })
      .where(
        and(
          eq(reportSchedules.id, claim.schedule.id),
          eq(reportSchedules.nextRunAt, claim.schedule.nextRunAt),
          isNull(reportSchedules.deletedAt),
        ),
      )
      .returning({ id: reportSchedules.id });
    if (moved.length === 0) return undefined;
    const [run] = await tx
      .insert(reportScheduleRuns)
      .values({
        scheduleId: claim.schedule.id,
        scheduledFor: claim.scheduledFor,
        ranAt: claim.ranAt,
        status: "running",
        periodFrom: claim.periodFrom,
        periodUntil: claim.periodUntil,
      })
      .onConflictDoNothing()
      .returning({ id: reportScheduleRuns.id });
    return run?.id;
  });
}

/** A run's outcome, on the run and as the schedule's last one. */
export async function finishRun(
  db: Db,
  run: { id: number; scheduleId: number; status: "sent" | "failed"; error: string | null; at: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(reportScheduleRuns)
      .set({ status: run.status, error: run.error })
      .where(eq(reportScheduleRuns.id, run.id));
    await tx
      .update(reportSchedules)
      .set({ lastRunAt: run.at, lastStatus: run.status, lastError: run.error })
      .where(eq(reportSchedules.id, run.scheduleId));
  });
}

/** The creator's current account: their rights are what the report is read with. */
export async function findCreator(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * A session of a few minutes for the creator (a refresh-token family whose token nobody holds),
 * so the access control checks their rights as for any request; ended by `endSession`.
 */
export async function openSession(db: Db, userId: number, ttlMs: number): Promise<string> {
  const familyId = randomUUID();
  await db.insert(refreshTokens).values({
    userId,
    tokenHash: sha256Hex(randomBytes(32).toString("base64url")),
    familyId,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return familyId;
}

export async function endSession(db: Db, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}
