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
  excel: { sheetName: string; title: string; columns: ExcelColumn<Item>[] };
};

export type ReportTotals = { amount: number; costCents: number; collaborators: number; trips: number };

const orderBy = (definition: ReportDefinition<never, unknown>) =>
  sql.raw(
    definition.order.keys
      .map((key) => `x.${key.column} ${definition.order.direction === "asc" ? "asc" : "desc"}`)
      .join(", "),
  );

export async function reportTotals<Input, Item>(
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
  return {
    amount: Number(row?.amount ?? 0),
    costCents: Number(row?.cost_cents ?? 0),
    collaborators: Number(row?.collaborators ?? 0),
    trips: Number(row?.trips ?? 0),
  };
}

/** One page (`skip` is 1-based) in the report's order. */
export async function reportPage<Input, Item>(
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
