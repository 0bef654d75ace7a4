import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { type RawRow, rowsOf } from "./bookings-repository.js";

type Conn = Db | Tx;

const ids = (values: number[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
const iso = (value: unknown) =>
  value === null || value === undefined
    ? null
    : (value instanceof Date ? value : new Date(String(value))).toISOString();

export type Person = {
  employeeId: number;
  name: string;
  lastname: string;
  codeEmployee: string;
  latitude: number | null;
  longitude: number | null;
};
const personOf = (row: RawRow): Person => ({
  employeeId: Number(row.employee_id),
  name: String(row.name),
  lastname: String(row.lastname),
  codeEmployee: String(row.code_employee),
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
});

/** Who is on a route's day, with their row of it (if any) and who made its last change. */
export type DayPerson = Person & {
  /** Assigned to the route (route_employees). */
  assigned: boolean;
  /** Boarded a trip of the route in the day's window. */
  boarded: boolean;
  /** The account is active (others show only when they boarded). */
  active: boolean;
  row:
    | {
        status: string;
        reason: string | null;
        queuedAt: string | null;
        changedAt: string;
        changedBy: string | null;
        changedByAdmin: boolean;
      }
    | undefined;
};

/**
 * In one statement: the route's assigned riders, the rows of its day and who boarded a trip of it
 * in the day's window (trips that started from `from` to `to`), the waitlist's order first.
 */
export async function dayPeople(conn: Conn, routeId: number, date: string, window: { from: Date; to: Date }) {
  const rows = await rowsOf(
    conn,
    sql`with boarded as (
        select distinct ts.employee_id from intermediate_routes ir
          join transport_services ts on ts.intermediate_route_id = ir.id
        where ir.route_id = ${routeId} and ir.started_at >= ${window.from} and ir.started_at < ${window.to}
          and ts.status = 'Boarded'),
      day as (select * from bookings where route_id = ${routeId} and service_date = ${date}::date),
      people as (
        select employee_id from route_employees where route_id = ${routeId}
        union select employee_id from day
        union select employee_id from boarded)
      select e.id as employee_id, e.name, e.lastname, e.code_employee, e.latitude, e.longitude,
        exists (select 1 from route_employees re where re.route_id = ${routeId} and re.employee_id = e.id) as assigned,
        exists (select 1 from boarded bo where bo.employee_id = e.id) as boarded, u.status = 'active' as active,
        d.status, d.reason, d.queued_at, d.changed_at, d.changed_by_admin,
        coalesce(ce.name || ' ' || ce.lastname, cd.name || ' ' || cd.lastname) as changed_by
      from people p join employees e on e.id = p.employee_id join users u on u.id = e.user_id
        left join day d on d.employee_id = e.id
        left join employees ce on ce.user_id = d.changed_by_user_id
        left join drivers cd on cd.user_id = d.changed_by_user_id
      order by d.queued_at nulls last, e.id`,
  );
  return rows.map(dayPersonOf);
}

const dayPersonOf = (row: RawRow): DayPerson => ({
  ...personOf(row),
  assigned: row.assigned === true,
  boarded: row.boarded === true,
  active: row.active === true,
  row:
    row.status === null || row.status === undefined
      ? undefined
      : {
          status: String(row.status),
          reason: row.reason === null ? null : String(row.reason),
          queuedAt: iso(row.queued_at),
          changedAt: iso(row.changed_at) as string,
          changedBy: row.changed_by === null ? null : String(row.changed_by),
          changedByAdmin: row.changed_by_admin === true,
        },
});

/**
 * Riders a plan of the day seats on a route that is not theirs (issue 36): each with their row of
 * the date on their own route or where they asked a seat (a CONFIRMED one first), not assigned.
 */
export async function dayRidersOf(conn: Conn, employeeIds: number[], date: string) {
  if (employeeIds.length === 0) return [];
  const rows = await rowsOf(
    conn,
    sql`select e.id as employee_id, e.name, e.lastname, e.code_employee, e.latitude, e.longitude,
        false as assigned, false as boarded, u.status = 'active' as active,
        d.status, d.reason, d.queued_at, d.changed_at, d.changed_by_admin,
        coalesce(ce.name || ' ' || ce.lastname, cd.name || ' ' || cd.lastname) as changed_by
      from employees e join users u on u.id = e.user_id
        left join lateral (select * from bookings b where b.employee_id = e.id and b.service_date = ${date}::date
          order by (b.status = 'CONFIRMED') desc, b.changed_at desc limit 1) d on true
        left join employees ce on ce.user_id = d.changed_by_user_id
        left join drivers cd on cd.user_id = d.changed_by_user_id
      where e.id in (${ids(employeeIds)})`,
  );
  return rows.map(dayPersonOf);
}

export type RiderRow = {
  routeId: number;
  date: string;
  status: string;
  reason: string | null;
  /** Riders ahead in the waitlist (WAITLISTED only). */
  ahead: number;
};

/** A collaborator's explicit rows in the dates, with their place in each waitlist. */
export async function rowsOfRider(conn: Conn, employeeId: number, since: string, until: string) {
  const rows = await rowsOf(
    conn,
    sql`select me.route_id, me.service_date::text as date, me.status, me.reason,
        case when me.status = 'WAITLISTED' then (select count(*) from bookings b
          where b.route_id = me.route_id and b.service_date = me.service_date and b.status = 'WAITLISTED'
            and (b.queued_at, b.employee_id) < (me.queued_at, me.employee_id)) else 0 end::int as ahead
      from bookings me
      where me.employee_id = ${employeeId} and me.service_date between ${since}::date and ${until}::date`,
  );
  return rows.map(
    (row): RiderRow => ({
      routeId: Number(row.route_id),
      date: String(row.date),
      status: String(row.status),
      reason: row.reason === null ? null : String(row.reason),
      ahead: Number(row.ahead),
    }),
  );
}

/** When the trips of the routes that a collaborator boarded started, in the window. */
export async function boardingsOfRider(
  conn: Conn,
  employeeId: number,
  routeIds: number[],
  from: Date,
  to: Date,
) {
  if (routeIds.length === 0) return [];
  const rows = await rowsOf(
    conn,
    sql`select ir.route_id, ir.started_at from transport_services ts
        join intermediate_routes ir on ir.id = ts.intermediate_route_id
      where ts.employee_id = ${employeeId} and ts.status = 'Boarded' and ir.route_id in (${ids(routeIds)})
        and ir.started_at >= ${from} and ir.started_at < ${to}`,
  );
  return rows.map((row) => ({
    routeId: Number(row.route_id),
    startedAt: (row.started_at instanceof Date ? row.started_at : new Date(String(row.started_at))).getTime(),
  }));
}

/** The names of routes by id. */
export async function routeNames(conn: Conn, routeIds: number[]) {
  if (routeIds.length === 0) return new Map<number, string>();
  const rows = await rowsOf(conn, sql`select id, name from routes where id in (${ids(routeIds)})`);
  return new Map(rows.map((row) => [Number(row.id), String(row.name)]));
}
