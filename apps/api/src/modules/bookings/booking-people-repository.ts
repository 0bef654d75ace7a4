import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { employees, users } from "../../db/schema.js";

type Conn = Db | Tx;

const riderColumns = {
  employeeId: employees.id,
  userId: employees.userId,
  name: employees.name,
  lastname: employees.lastname,
  codeEmployee: employees.codeEmployee,
  branchOfficeId: employees.branchOfficeId,
  latitude: employees.latitude,
  longitude: employees.longitude,
  userStatus: users.status,
};

async function findRider(conn: Conn, where: SQL) {
  const [row] = await conn
    .select(riderColumns)
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where);
  return row;
}

/** A collaborator as bookings need them: who to tell, their branch office and home. */
export const riderById = (conn: Conn, employeeId: number) => findRider(conn, eq(employees.id, employeeId));
/** The signed-in user's collaborator record, if they have one. */
export const riderOfUser = (conn: Conn, userId: number) => findRider(conn, eq(employees.userId, userId));
export type Rider = NonNullable<Awaited<ReturnType<typeof riderById>>>;

/** Whether the user is a driver of the route, or drove a trip of it in the window. */
export async function drivesRouteOn(
  conn: Conn,
  userId: number,
  routeId: number,
  window: { from: Date; to: Date },
) {
  const result = (await conn.execute(sql`select 1 from drivers d where d.user_id = ${userId} and (
      exists (select 1 from route_drivers rd where rd.route_id = ${routeId} and rd.driver_id = d.id)
      or exists (select 1 from intermediate_routes ir where ir.route_id = ${routeId} and ir.driver_id = d.id
        and ir.started_at >= ${window.from} and ir.started_at < ${window.to}))`)) as unknown as {
    rows: unknown[];
  };
  return result.rows.length > 0;
}
