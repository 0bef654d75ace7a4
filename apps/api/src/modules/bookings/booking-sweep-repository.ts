import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import type { DayCount } from "./booking-counts.js";
import { riderOf, rowsOf } from "./bookings-repository.js";

/** The (route, date) pairs of the dates already swept, as `routeId:date`. */
export async function sweptDays(db: Db, dates: string[]) {
  const rows = await rowsOf(
    db,
    sql`select route_id, service_date::text as date from booking_days
      where service_date in (${sql.join(
        dates.map((date) => sql`${date}::date`),
        sql`, `,
      )})`,
  );
  return new Set(rows.map((row) => `${row.route_id}:${row.date}`));
}

/** Freezes the routes' day at its cut-off; the routes whose day this run froze (not another run). */
export async function insertSweptDays(
  tx: Tx,
  date: string,
  days: { routeId: number; seats: number | null; day: DayCount }[],
): Promise<Set<number>> {
  if (days.length === 0) return new Set();
  const rows = await rowsOf(
    tx,
    sql`insert into booking_days (route_id, service_date, seats, confirmed, waitlisted, cancelled)
      values ${sql.join(
        days.map(
          ({ routeId, seats, day }) =>
            sql`(${routeId}, ${date}::date, ${seats}::smallint, ${day.confirmed}, ${day.waitlisted}, ${day.cancelled})`,
        ),
        sql`, `,
      )}
      on conflict do nothing returning route_id`,
  );
  return new Set(rows.map((row) => Number(row.route_id)));
}

/** Marks the riders still waiting on the routes' day as told «Sin asiento»; who (active accounts) and where. */
export async function markNoSeat(tx: Tx, routeIds: number[], date: string, at: Date) {
  if (routeIds.length === 0) return [];
  const rows = await rowsOf(
    tx,
    sql`update bookings b set no_seat_told_at = ${at}
      from employees e join users u on u.id = e.user_id
      where b.route_id in (${sql.join(
        routeIds.map((id) => sql`${id}`),
        sql`, `,
      )}) and b.service_date = ${date}::date and b.status = 'WAITLISTED'
        and b.no_seat_told_at is null and e.id = b.employee_id
      returning b.route_id, b.employee_id, e.user_id, e.name, e.lastname, u.status as user_status`,
  );
  return rows
    .filter((row) => row.user_status === "active")
    .map((row) => ({ routeId: Number(row.route_id), rider: riderOf(row) }));
}
