import type { CutAdjustment } from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { cents, nullableText, num, rowsOf, text } from "../reports/trip-scope.js";

/**
 * Pays every accepted dispute not paid yet in cut `cutId`: its `adjustment_cut_id` is set once, in
 * the transaction that makes the cut. The caller holds the billing lock exclusively, so two cuts
 * made at once run this one after the other and the second finds nothing left (decision 0076).
 * A dispute accepted while the cut runs waits on its row or lands in the next cut; never in two.
 */
export async function assignAdjustments(tx: Tx, cutId: number) {
  await tx.execute(
    sql`update disputes set adjustment_cut_id = ${cutId}
      where status = 'ACCEPTED' and adjustment_cut_id is null`,
  );
}

/** The sum of cut `cutId`'s adjustment lines, in cents (part of the cut's frozen total). */
export const adjustmentCentsSql = (cutId: number) =>
  sql`(select coalesce(sum(d.accepted_cents), 0) from disputes d where d.adjustment_cut_id = ${cutId})`;

const supplierFilter = (supplierId: number | undefined) =>
  supplierId === undefined ? sql`` : sql`and d.supplier_id = ${supplierId}`;

/**
 * What the reports of one cut add about disputes: its adjustment lines (of one supplier when
 * `supplierId` is given), their sum, and how many disputes of its own trips are still open.
 */
export async function cutDisputes(db: Db, cutId: number, supplierId?: number) {
  const rows = await rowsOf(
    db,
    sql`select d.id, d.cut_id, d.intermediate_route_id, ct.route_name, d.supplier_id, ct.supplier_name,
        d.accepted_cents, d.note
      from disputes d join cut_trips ct on ct.intermediate_route_id = d.intermediate_route_id
      where d.adjustment_cut_id = ${cutId} ${supplierFilter(supplierId)}
      order by d.id`,
  );
  const [open] = await rowsOf(
    db,
    sql`select count(*)::int as n from disputes d
      where d.cut_id = ${cutId} and d.status = 'OPEN' ${supplierFilter(supplierId)}`,
  );
  const adjustments = rows.map(
    (row): CutAdjustment => ({
      disputeId: num(row.id),
      fromCutId: num(row.cut_id),
      intermediateRouteId: num(row.intermediate_route_id),
      routeName: text(row.route_name),
      supplierId: num(row.supplier_id),
      supplierName: text(row.supplier_name),
      amount: cents(row.accepted_cents),
      note: nullableText(row.note),
    }),
  );
  const adjustmentsTotal = rows.reduce((sum, row) => sum + num(row.accepted_cents), 0) / 100;
  return { adjustments, adjustmentsTotal, openDisputes: num(open?.n) };
}
