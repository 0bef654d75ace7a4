import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { containsPattern } from "../../lib/paging.js";

export type TripKind = "scheduled" | "notScheduled" | "all";

/**
 * Which finished trips a report, a cut list or a statistic bills: those that **ended** in
 * `[from, to)` (a trip is billable once finished, so a cut never strands a trip still running),
 * of one kind, narrowed by the request's filters.
 */
export type TripScope = {
  from: Date;
  to: Date;
  kind: TripKind;
  supplierName?: string;
  /**
   * Route name (scheduled), not-scheduled route name, or either for `all`: the name the trip
   * started under or the route's current name.
   */
  routeName?: string;
  destinationId?: number;
  driverId?: number;
  /** Only trips already billed in a cut (and that cut, when given). */
  cut?: { cutId?: number };
  /** Search text on the trip's route / not-scheduled route, driver or supplier name. */
  tripCriterion?: string;
  /**
   * One batch of trips newest first, after `before` (keyset): exports of one-row-per-trip
   * reports read each batch from the index instead of ordering every trip of the range.
   */
  page?: { before?: { at: string; id: number }; limit: number };
};

const kindFilter: Record<TripKind, SQL | undefined> = {
  scheduled: sql`and t.route_id is not null`,
  notScheduled: sql`and t.route_not_scheduled_id is not null`,
  all: undefined,
};

/** The route's name when the trip started, or its current name (a renamed route keeps its past trips). */
function routeNameFilter(kind: TripKind, name: string) {
  const scheduled = sql`t.route_id in (select id from routes where lower(name) = lower(${name}))`;
  const notScheduled = sql`t.route_not_scheduled_id in (select id from routes_not_scheduled where lower(name) = lower(${name}))`;
  const snapshot = sql`lower(t.route_name) = lower(${name})`;
  if (kind === "scheduled") return sql`and (${scheduled} or (${snapshot} and t.route_id is not null))`;
  if (kind === "notScheduled") {
    return sql`and (${notScheduled} or (${snapshot} and t.route_not_scheduled_id is not null))`;
  }
  return sql`and (${scheduled} or ${notScheduled} or ${snapshot})`;
}

function destinationFilter(kind: TripKind, id: number) {
  const scheduled = sql`t.route_id in (select id from routes where destination_id = ${id})`;
  const notScheduled = sql`t.route_not_scheduled_id in (select id from routes_not_scheduled where destination_id = ${id})`;
  if (kind === "scheduled") return sql`and ${scheduled}`;
  if (kind === "notScheduled") return sql`and ${notScheduled}`;
  return sql`and (${scheduled} or ${notScheduled})`;
}

/**
 * The scope's filters on a trip's kind, route, route name snapshot, destination, supplier and
 * driver: columns of both the trips and their month totals (`t.route_id`, `t.route_not_scheduled_id`,
 * `t.route_name`, `t.supplier_id`, `t.driver_id`).
 */
export function groupFilters(scope: TripScope): SQL {
  const filters: SQL[] = [];
  const kind = kindFilter[scope.kind];
  if (kind) filters.push(kind);
  if (scope.supplierName) {
    filters.push(
      sql`and t.supplier_id in (select id from suppliers where lower(name) = lower(${scope.supplierName}))`,
    );
  }
  if (scope.routeName) filters.push(routeNameFilter(scope.kind, scope.routeName));
  if (scope.destinationId) filters.push(destinationFilter(scope.kind, scope.destinationId));
  if (scope.driverId) filters.push(sql`and t.driver_id = ${scope.driverId}`);
  return sql.join(filters, sql` `);
}

/** True when the scope narrows trips by something a month total does not keep (cut, search text, page). */
export const narrowedByTrip = (scope: TripScope) =>
  Boolean(scope.cut || scope.tripCriterion?.trim() || scope.page);

/**
 * `select` of the scope's trips with `route_name` (the route's name when the trip started),
 * `cost_cents` (the cost snapshot in cents) and `riders`
 * (collaborators who boarded, kept per trip in `trip_riders` by triggers on transport_services). Used as a CTE named `trips` by every report.
 */
export function tripsSelect(scope: TripScope): SQL {
  const filters: SQL[] = [groupFilters(scope)];
  if (scope.tripCriterion?.trim()) {
    const pattern = containsPattern(scope.tripCriterion.trim());
    filters.push(sql`and (search_fold(t.route_name) like ${pattern}
      or t.route_id in (select id from routes where search_fold(name) like ${pattern})
      or t.route_not_scheduled_id in (select id from routes_not_scheduled where search_fold(name) like ${pattern})
      or t.driver_id in (select id from drivers where search_fold(name || ' ' || lastname) like ${pattern})
      or t.supplier_id in (select id from suppliers where search_fold(name) like ${pattern}))`);
  }
  if (scope.page?.before) {
    filters.push(
      sql`and (t.started_at, t.id) < (${scope.page.before.at}::timestamptz, ${scope.page.before.id}::int)`,
    );
  }
  if (scope.cut) {
    filters.push(scope.cut.cutId ? sql`and t.cut_id = ${scope.cut.cutId}` : sql`and t.cut_id is not null`);
  }
  return sql`select t.id, t.started_at, t.ended_at, t.route_id, t.route_not_scheduled_id, t.route_name, t.driver_id,
      t.supplier_id, t.cut_id, round(t.cost * 100)::bigint as cost_cents, coalesce(tr.riders, 0) as riders
    from intermediate_routes t
      left join trip_riders tr on tr.intermediate_route_id = t.id
    where t.status = 'Finished' and t.ended_at >= ${scope.from} and t.ended_at < ${scope.to}
    ${sql.join(filters, sql` `)}
    ${scope.page ? sql`order by t.started_at desc, t.id desc limit ${scope.page.limit}` : sql``}`;
}

/** `search_fold(expression) like '%criterion%'` (accents and case ignored), or nothing without a criterion. */
export function criterionFilter(criterion: string | undefined, expressions: SQL[]) {
  const text = criterion?.trim();
  if (!text) return sql``;
  const pattern = containsPattern(text);
  return sql`and (${sql.join(
    expressions.map((expression) => sql`search_fold(${expression}) like ${pattern}`),
    sql` or `,
  )})`;
}

export type RawRow = Record<string, unknown>;

export async function rowsOf(db: Db | Tx, query: SQL): Promise<RawRow[]> {
  const result = (await db.execute(query)) as unknown as { rows: RawRow[] };
  return result.rows;
}

export const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
export const cents = (value: unknown) => num(value) / 100;
export const text = (value: unknown) => (value === null || value === undefined ? "" : String(value));
export const nullableText = (value: unknown) =>
  value === null || value === undefined ? null : String(value);
export const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

/**
 * The whole UTC months inside `[from, to)`, or undefined when there is none: a long range reads
 * those from the month totals and only the partial months at its edges from the finer data.
 */
export function wholeUtcMonths(from: Date, to: Date): { from: Date; to: Date } | undefined {
  const start = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
  if (start < from) start.setUTCMonth(start.getUTCMonth() + 1);
  const end = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), 1));
  return start < end ? { from: start, to: end } : undefined;
}

export const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * The scope's finished trips summed per route, not-scheduled route, route name snapshot, supplier
 * and driver: `trips`, `riders`, `cost_cents` and `charged_cents` (cost of the trips somebody
 * boarded). Whole UTC months come from `trip_month_totals` (migration 0013, decision 0035) and the
 * partial months at the edges from the trips, so any caller's offset still gets exact local days;
 * scopes narrowed by a cut, a search text or a page read the trips alone.
 */
export function tripTotalsSelect(scope: TripScope): SQL {
  const trips = (from: Date, to: Date) => sql`
    select t.route_id, t.route_not_scheduled_id, t.route_name, t.supplier_id, t.driver_id, 1 as trips, t.riders,
      t.cost_cents, case when t.riders > 0 then t.cost_cents else 0 end as charged_cents
    from (${tripsSelect({ ...scope, from, to })}) t`;
  const months = narrowedByTrip(scope) ? undefined : wholeUtcMonths(scope.from, scope.to);
  if (!months) return trips(scope.from, scope.to);
  return sql`
    select t.route_id, t.route_not_scheduled_id, t.route_name, t.supplier_id, t.driver_id, t.trips, t.riders,
      t.cost_cents, t.charged_cents
    from (
      select nullif(m.route_id, 0) as route_id, nullif(m.route_not_scheduled_id, 0) as route_not_scheduled_id,
        nullif(m.route_name, '') as route_name, m.supplier_id, m.driver_id, m.trips, m.riders, m.cost_cents, m.charged_cents
      from trip_month_totals m
      where m.month >= ${isoDay(months.from)}::date and m.month < ${isoDay(months.to)}::date
    ) t
    where true ${groupFilters(scope)}
    union all ${trips(scope.from, months.from)}
    union all ${trips(months.to, scope.to)}`;
}
