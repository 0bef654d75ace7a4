import { and, asc, eq, type SQL } from "drizzle-orm";
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
