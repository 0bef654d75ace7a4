import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import type { ExcelColumn } from "../../lib/excel/stream-sheet.js";
import { type RawRow, rowsOf, type TripScope } from "./trip-scope.js";

/** A sort key of a report's rows; `cursor` is the column carrying its exact value (e.g. a timestamp as text). */
export type SortKey = { column: string; cursor?: string; cast: "text" | "int" | "bigint" | "timestamptz" };

/**
 * A report: a `select` giving one row per item (with `cost_cents`, `collaborators` and `trips`
 * columns summed into the totals), its stable order, and how a row becomes an item and an Excel row.
 */
export type ReportDefinition<Input, Item> = {
  rows(input: Input): SQL;
  order: { keys: SortKey[]; direction: "asc" | "desc" };
  toItem(row: RawRow): Item;
  /**
   * One row per trip, ordered by (started_at, id) descending, every filter on the trip itself:
   * exports then page the trips themselves (TripScope.page) so each batch costs the same.
   */
  tripKeyset?: boolean;
  /**
   * One row per record with an index in the report's order (e.g. a cut's frozen trips): lists run
   * the totals and the page side by side instead of materializing every row once.
   */
  pagedApart?: boolean;
  excel: { sheetName: string; title: string; columns: ExcelColumn<Item>[] };
};

export type ReportTotals = { amount: number; costCents: number; collaborators: number; trips: number };

const orderBy = (definition: ReportDefinition<never, unknown>, alias = "x") =>
  sql.raw(
    definition.order.keys
      .map((key) => `${alias}.${key.column} ${definition.order.direction === "asc" ? "asc" : "desc"}`)
      .join(", "),
  );

const totalsOf = (row: RawRow | undefined, prefix = ""): ReportTotals => ({
  amount: Number(row?.[`${prefix}amount`] ?? 0),
  costCents: Number(row?.[`${prefix}cost_cents`] ?? 0),
  collaborators: Number(row?.[`${prefix}collaborators`] ?? 0),
  trips: Number(row?.[`${prefix}trips`] ?? 0),
});

/**
 * The totals of every row and one page (`skip` is 1-based). Reports of grouped rows compute their
 * rows once in one statement (totals and page read the same materialized rows); one-row-per-trip
 * reports run the totals and an index-ordered page side by side instead, so the page never waits
 * for every trip of the range to be sorted.
 */
export async function reportList<Input, Item>(
  db: Db,
  definition: ReportDefinition<Input, Item>,
  input: Input,
  page: { amount: number; skip: number },
): Promise<{ totals: ReportTotals; items: Item[] }> {
  if (definition.tripKeyset || definition.pagedApart) {
    const [totals, items] = await Promise.all([
      reportTotals(db, definition, input),
      reportPage(db, definition, input, page),
    ]);
    return { totals, items };
  }
  const rows = await rowsOf(
    db,
    sql`with x as (${definition.rows(input)}),
      totals as (
        select count(*)::int as __amount, coalesce(sum(x.cost_cents), 0)::bigint as __cost_cents,
          coalesce(sum(x.collaborators), 0)::bigint as __collaborators,
          coalesce(sum(x.trips), 0)::bigint as __trips
        from x
      ),
      page as (
        select x.*, true as __in_page from x order by ${orderBy(definition as never)}
        limit ${page.amount} offset ${(page.skip - 1) * page.amount}
      )
      select * from totals left join page on true order by ${orderBy(definition as never, "page")}`,
  );
  return {
    totals: totalsOf(rows[0], "__"),
    items: rows.filter((row) => row.__in_page).map(definition.toItem),
  };
}

async function reportTotals<Input, Item>(
  db: Db,
  definition: ReportDefinition<Input, Item>,
  input: Input,
): Promise<ReportTotals> {
  const [row] = await rowsOf(
    db,
    sql`select count(*)::int as amount, coalesce(sum(x.cost_cents), 0)::bigint as cost_cents,
      coalesce(sum(x.collaborators), 0)::bigint as collaborators, coalesce(sum(x.trips), 0)::bigint as trips
      from (${definition.rows(input)}) x`,
  );
  return totalsOf(row);
}

/** One page (`skip` is 1-based) in the report's order. */
async function reportPage<Input, Item>(
  db: Db,
  definition: ReportDefinition<Input, Item>,
  input: Input,
  page: { amount: number; skip: number },
): Promise<Item[]> {
  const rows = await rowsOf(
    db,
    sql`select * from (${definition.rows(input)}) x order by ${orderBy(definition as never)}
      limit ${page.amount} offset ${(page.skip - 1) * page.amount}`,
  );
  return rows.map(definition.toItem);
}

export const EXPORT_BATCH_SIZE = 2_000;

/**
 * Every row of the report in batches, by keyset pagination on the report's order: each batch is
 * one bounded query, nothing is held open between batches, memory does not grow with the rows.
 */
export async function* reportBatches<Input, Item>(
  db: Db,
  definition: ReportDefinition<Input, Item>,
  input: Input,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<Item[]> {
  if (definition.tripKeyset) {
    yield* tripBatches(
      db,
      definition as ReportDefinition<Input & ReportScoped, Item>,
      input as Input & ReportScoped,
      batchSize,
    );
    return;
  }
  const { keys, direction } = definition.order;
  const columns = sql.raw(keys.map((key) => `x.${key.column}`).join(", "));
  const operator = sql.raw(direction === "asc" ? ">" : "<");
  const inner = definition.rows(input);
  let after: RawRow | undefined;
  for (;;) {
    const keyset = after
      ? sql`where (${columns}) ${operator} (${sql.join(
          keys.map((key) => sql`${(after as RawRow)[key.cursor ?? key.column]}::${sql.raw(key.cast)}`),
          sql`, `,
        )})`
      : sql``;
    const rows = await rowsOf(
      db,
      sql`select * from (${inner}) x ${keyset} order by ${orderBy(definition as never)} limit ${batchSize}`,
    );
    if (rows.length > 0) yield rows.map(definition.toItem);
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1];
  }
}

type ReportScoped = { scope: TripScope };

async function* tripBatches<Input extends ReportScoped, Item>(
  db: Db,
  definition: ReportDefinition<Input, Item>,
  input: Input,
  batchSize: number,
): AsyncGenerator<Item[]> {
  let before: { at: string; id: number } | undefined;
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`select * from (${definition.rows({ ...input, scope: { ...input.scope, page: { before, limit: batchSize } } })}) x
        order by ${orderBy(definition as never)}`,
    );
    if (rows.length > 0) yield rows.map(definition.toItem);
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1] as RawRow;
    before = { at: String(last.sort_at), id: Number(last.intermediate_route_id) };
  }
}
