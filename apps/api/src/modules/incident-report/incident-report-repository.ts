import { ARRIVAL_RADIUS_METERS, INCIDENT_THRESHOLD_DEFAULT_VALUES } from "@treiber/contract";
import { METERS_PER_DEGREE } from "@treiber/contract/geo";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { greatCircleMetersSql } from "../../lib/great-circle-sql.js";
import { type RawRow, rowsOf } from "../reports/trip-scope.js";

/** What the incidents report reads: `[from, to)` and the caller's clock. */
export type IncidentReportScope = {
  from: Date;
  to: Date;
  clock: CallerClock;
  branchOfficeId?: number;
  supplierId?: number;
};

/**
 * The planned arrival at the workplace of a trip `t` of a route with an inbound shift `sh`: the
 * shift's time on the local day (yesterday, today or tomorrow of the start) closest to the start,
 * as the trip sheet places the planned departure (on the caller's clock, like the cuts' and the
 * trip sheet's: decision 0063).
 */
function plannedArrivalSql(clock: CallerClock): SQL {
  const { offsetMinutes } = clock;
  const base = sql`(((((t.started_at at time zone 'UTC') - make_interval(mins => ${offsetMinutes}::int))::date
    + sh.time) + make_interval(mins => ${offsetMinutes}::int)) at time zone 'UTC')`;
  return sql`case when sh.direction = 'inbound' then ${base} + case
      when t.started_at - ${base} > interval '12 hours' then interval '1 day'
      when ${base} - t.started_at > interval '12 hours' then interval '-1 day'
      else interval '0' end
    end`;
}

/**
 * The scope's finished trips (ended in `[from, to)`, the partial index on `ended_at`) with whether
 * each arrived on time: null without a planned arrival; true when it ended by the deadline (planned
 * arrival + the branch office's `lateMinutes`) or a position within ARRIVAL_RADIUS_METERS of the
 * destination was recorded by then (an index range of the trip's positions up to the deadline).
 */
function judgedTripsSql(scope: IncidentReportScope): SQL {
  const filters: SQL[] = [];
  if (scope.supplierId) filters.push(sql`and t.supplier_id = ${scope.supplierId}`);
  if (scope.branchOfficeId) filters.push(sql`and sh.branch_office_id = ${scope.branchOfficeId}`);
  const radius = ARRIVAL_RADIUS_METERS;
  return sql`
    with trips as (
      select t.id, t.supplier_id, t.driver_id, coalesce(t.route_id, 0) as route_id, t.ended_at,
        de.latitude as dlat, de.longitude as dlng,
        ${plannedArrivalSql(scope.clock)}
          + make_interval(mins => coalesce((th.values ->> 'lateMinutes')::int,
              ${INCIDENT_THRESHOLD_DEFAULT_VALUES.lateMinutes}::int)) as deadline
      from intermediate_routes t
        left join routes r on r.id = t.route_id
        left join shifts sh on sh.id = r.shift_id
        left join destinations de on de.id = r.destination_id
        left join incident_thresholds th on th.branch_office_id = sh.branch_office_id
      where t.status = 'Finished' and t.ended_at >= ${scope.from} and t.ended_at < ${scope.to}
      ${sql.join(filters, sql` `)}
    )
    select tr.id, tr.supplier_id, tr.driver_id, tr.route_id,
      case
        when tr.deadline is null then null
        when tr.ended_at <= tr.deadline then true
        when tr.dlat is null or tr.dlng is null then false
        else exists (
          select 1 from trip_positions p
          where p.intermediate_route_id = tr.id and p.recorded_at <= tr.deadline
            and abs(p.latitude - tr.dlat) * ${METERS_PER_DEGREE}::float8 <= ${radius}
            and ${greatCircleMetersSql(
              { latitude: sql`p.latitude`, longitude: sql`p.longitude` },
              { latitude: sql`tr.dlat`, longitude: sql`tr.dlng` },
            )} <= ${radius})
      end as on_time
    from trips tr`;
}

/**
 * Trip figures per supplier, driver, route and overall (`grouping sets`): trips, trips with a
 * planned arrival and trips on time. `level` names the grouping of each row.
 */
export async function tripFigures(db: Db, scope: IncidentReportScope): Promise<RawRow[]> {
  // A year's plan costs enough for PostgreSQL to JIT-compile it, which took 3 of its 4 seconds on a
  // year of 29,200 trips and 1.75 M positions (EXPLAIN ANALYZE); without JIT the query takes ~1 s.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return rowsOf(tx, tripFiguresSql(scope));
  });
}

function tripFiguresSql(scope: IncidentReportScope): SQL {
  return sql`select case
        when grouping(j.supplier_id) = 0 then 'supplier'
        when grouping(j.driver_id) = 0 then 'driver'
        when grouping(j.route_id) = 0 then 'route'
        else 'total' end as level,
      j.supplier_id, j.driver_id, j.route_id, count(*)::int as trips,
      count(j.on_time)::int as trips_with_arrival, count(*) filter (where j.on_time)::int as on_time_trips
    from (${judgedTripsSql(scope)}) j
    group by grouping sets ((j.supplier_id), (j.driver_id), (j.route_id), ())`;
}

/** A user's full name (collaborator or driver), else the e-mail: who raised or closed a safety incident. */
export const personNameSql = (userId: SQL) =>
  sql`(select coalesce(pe.name || ' ' || pe.lastname, pd.name || ' ' || pd.lastname, pu.email)
    from users pu left join employees pe on pe.user_id = pu.id left join drivers pd on pd.user_id = pu.id
    where pu.id = ${userId})`;

/** The report's filters of incidents `i`: supplier, and branch office of the route's shift. */
function incidentFilters(scope: IncidentReportScope): SQL[] {
  const filters: SQL[] = [];
  if (scope.supplierId) filters.push(sql`and i.supplier_id = ${scope.supplierId}`);
  // The incident's own branch office (an SOS, decision 0080), else its route's.
  if (scope.branchOfficeId) {
    filters.push(sql`and (i.branch_office_id = ${scope.branchOfficeId} or (i.branch_office_id is null
      and i.route_id in (select r.id from routes r join shifts sh on sh.id = r.shift_id
      where sh.branch_office_id = ${scope.branchOfficeId})))`);
  }
  return filters;
}

/**
 * Incidents opened in `[from, to)` (the `opened_at` index) counted per type and supplier, driver,
 * route, and per type alone with its distinct trips, unclosed ones and average minutes open.
 */
export async function incidentFigures(db: Db, scope: IncidentReportScope): Promise<RawRow[]> {
  const filters = incidentFilters(scope);
  return rowsOf(
    db,
    sql`select case
        when grouping(i.supplier_id) = 0 then 'supplier'
        when grouping(i.driver_id) = 0 then 'driver'
        when grouping(i.route_id) = 0 then 'route'
        else 'type' end as level,
      coalesce(i.supplier_id, 0) as supplier_id, coalesce(i.driver_id, 0) as driver_id,
      coalesce(i.route_id, 0) as route_id, i.type, count(*)::int as incidents,
      count(distinct coalesce(i.intermediate_route_id::text, 'r' || i.route_id || '/' || i.service_day))::int as trips,
      count(*) filter (where i.status <> 'CLOSED')::int as unclosed,
      avg(extract(epoch from i.closed_at - i.opened_at) / 60) filter (where i.closed_at is not null) as average_minutes
    from incidents i
    where i.opened_at >= ${scope.from} and i.opened_at < ${scope.to} ${sql.join(filters, sql` `)}
    group by grouping sets ((i.supplier_id, i.type), (i.driver_id, i.type), (i.route_id, i.type), (i.type))`,
  );
}

/** Names of the suppliers, drivers (with their supplier) and routes of the report's rows. */
export async function reportNames(
  db: Db,
  ids: { suppliers: number[]; drivers: number[]; routes: number[] },
): Promise<{
  suppliers: Map<number, string>;
  drivers: Map<number, { name: string; supplierName: string }>;
  routes: Map<number, string>;
}> {
  const list = (values: number[]) =>
    values.length > 0 ? sql`array[${sql.join(values, sql`, `)}]::int[]` : sql`array[]::int[]`;
  const [suppliers, drivers, routes] = await Promise.all([
    rowsOf(db, sql`select id, name from suppliers where id = any(${list(ids.suppliers)})`),
    rowsOf(
      db,
      sql`select d.id, d.name || ' ' || d.lastname as name, coalesce(s.name, '') as supplier_name
        from drivers d left join suppliers s on s.id = d.supplier_id where d.id = any(${list(ids.drivers)})`,
    ),
    rowsOf(db, sql`select id, name from routes where id = any(${list(ids.routes)})`),
  ]);
  return {
    suppliers: new Map(suppliers.map((row) => [Number(row.id), String(row.name)])),
    drivers: new Map(
      drivers.map((row) => [
        Number(row.id),
        { name: String(row.name), supplierName: String(row.supplier_name) },
      ]),
    ),
    routes: new Map(routes.map((row) => [Number(row.id), String(row.name)])),
  };
}

/** The names of the report's branch office and supplier filters (`#id` when gone), for the Excel. */
export async function filterNames(db: Db, query: { branchOfficeId?: number; supplierId?: number }) {
  const nameOf = async (table: "branch_offices" | "suppliers", id: number | undefined) => {
    if (!id) return undefined;
    const [row] = await rowsOf(db, sql`select name from ${sql.raw(table)} where id = ${id}`);
    return row ? String(row.name) : `#${id}`;
  };
  return {
    branchOffice: await nameOf("branch_offices", query.branchOfficeId),
    supplier: await nameOf("suppliers", query.supplierId),
  };
}

/**
 * The incidents opened in `[from, to)` one by one, oldest first (the `opened_at` index): route (the
 * trip's snapshot of its name, else the route's), driver and supplier, the stop of a SKIPPED_STOP,
 * times, and who acknowledged it (their collaborator or driver name, else the e-mail) with the note.
 * A page when `page` is given, else all of them (the Excel).
 */
export async function reportIncidentRows(
  db: Db,
  scope: IncidentReportScope,
  page?: { limit: number; offset: number },
): Promise<RawRow[]> {
  const paging = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
  return rowsOf(
    db,
    sql`select i.id, i.type, i.status, i.intermediate_route_id, coalesce(t.route_name, r.name, '') as route_name,
        d.name || ' ' || d.lastname as driver_name, s.name as supplier_name,
        (select rs.name from route_stops rs where rs.route_id = i.route_id and rs.position = i.stop_index + 1)
          as stop_name,
        i.opened_at, i.closed_at, i.acknowledged_at, i.note, i.outcome,
        coalesce(ae.name || ' ' || ae.lastname, ad.name || ' ' || ad.lastname, u.email) as acknowledged_by,
        ${personNameSql(sql`i.person_user_id`)} as person_name,
        ${personNameSql(sql`i.closed_by_user_id`)} as closed_by
      from incidents i
        left join intermediate_routes t on t.id = i.intermediate_route_id
        left join routes r on r.id = i.route_id
        left join drivers d on d.id = i.driver_id
        left join suppliers s on s.id = i.supplier_id
        left join users u on u.id = i.acknowledged_by_user_id
        left join employees ae on ae.user_id = u.id
        left join drivers ad on ad.user_id = u.id
      where i.opened_at >= ${scope.from} and i.opened_at < ${scope.to} ${sql.join(incidentFilters(scope), sql` `)}
      order by i.opened_at, i.id
      ${paging}`,
  );
}

/** How many incidents `reportIncidentRows` has in all. */
export async function countReportIncidents(db: Db, scope: IncidentReportScope): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as n from incidents i
      where i.opened_at >= ${scope.from} and i.opened_at < ${scope.to} ${sql.join(incidentFilters(scope), sql` `)}`,
  );
  return Number(row?.n ?? 0);
}
