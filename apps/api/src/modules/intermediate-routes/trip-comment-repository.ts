import { and, asc, count, desc, eq, gt, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { comments, employees } from "../../db/schema.js";

type Conn = Db | Tx;

/** Comments on a trip (index `comments_trip_employee_idx`), optionally of one collaborator. */
export function commentsOf(conn: Conn, tripId: number, employeeId?: number) {
  const filters: SQL[] = [eq(comments.intermediateRouteId, tripId)];
  if (employeeId !== undefined) filters.push(eq(comments.employeeId, employeeId));
  return conn
    .select({
      id: comments.id,
      intermediateRouteId: comments.intermediateRouteId,
      employeeId: comments.employeeId,
      name: employees.name,
      lastname: employees.lastname,
      comment: comments.text,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(employees, eq(employees.id, comments.employeeId))
    .where(and(...filters))
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

export async function insertComment(
  tx: Tx,
  values: { intermediateRouteId: number; employeeId: number; text: string },
) {
  await tx.insert(comments).values(values);
}

/** Advisory lock spaces (two-key form, apart from the one-key locks): a commenter, a trip's comments. */
const COMMENTER_LOCK = 7_311_032;
const TRIP_COMMENTS_LOCK = 7_311_033;

/**
 * Serializes, for the rest of the transaction, a collaborator's comments (its limits count exactly
 * under concurrent requests) and then a trip's comments (its admins' grouped notification takes one
 * comment at a time). Always in this order, before any row lock: no deadlock.
 */
export async function lockCommenting(tx: Tx, employeeId: number, tripId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMMENTER_LOCK}::int, ${employeeId}::int)`);
  await tx.execute(sql`select pg_advisory_xact_lock(${TRIP_COMMENTS_LOCK}::int, ${tripId}::int)`);
}

/** How many comments the collaborator made on the trip (index `comments_trip_employee_idx`). */
export async function commentCountOnTrip(conn: Conn, tripId: number, employeeId: number) {
  const [row] = await conn
    .select({ amount: count() })
    .from(comments)
    .where(and(eq(comments.intermediateRouteId, tripId), eq(comments.employeeId, employeeId)));
  return row?.amount ?? 0;
}

/**
 * When the collaborator's latest `limit` comments after `since` were made, newest first (index
 * `comments_employee_created_idx`).
 */
export async function latestCommentTimes(conn: Conn, employeeId: number, since: Date, limit: number) {
  const rows = await conn
    .select({ createdAt: comments.createdAt })
    .from(comments)
    .where(and(eq(comments.employeeId, employeeId), gt(comments.createdAt, since)))
    .orderBy(desc(comments.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}
