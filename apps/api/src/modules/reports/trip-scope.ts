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
 * `select` of the scope's trips with `route_name` (the route's name when the trip started),
 * `cost_cents` (the cost snapshot in cents) and `riders`
 * (collaborators who boarded, kept per trip in `trip_riders` by triggers on transport_services). Used as a CTE named `trips` by every report.
 */
export function tripsSelect(scope: TripScope): SQL {
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
