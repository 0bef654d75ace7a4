import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { criterionFilter, type RawRow, rowsOf } from "../reports/trip-scope.js";

/**
 * Whether cut `cutId` exists and, when it does, whether trip `tripId` is one of its lines
 * (`cut_trips`, as frozen) of supplier `supplierId`: a trip of another supplier is "not in the cut".
 */
export async function findCutLine(db: Db, cutId: number, tripId: number, supplierId: number) {
  const [row] = await rowsOf(
    db,
    sql`select exists (select 1 from cuts where id = ${cutId}) as cut,
      exists (select 1 from cut_trips ct
        where ct.intermediate_route_id = ${tripId} and ct.cut_id = ${cutId} and ct.supplier_id = ${supplierId}) as line`,
  );
  return { cut: row?.cut === true, line: row?.line === true };
}

/** A new OPEN dispute; the partial unique index `disputes_open_trip_key` refuses a second open one. */
export async function insertDispute(
  db: Db,
  values: {
    cutId: number;
    tripId: number;
    supplierId: number;
    reason: string;
    claimedCents: number;
    createdBy: number;
  },
) {
  const [row] = await rowsOf(
    db,
    sql`insert into disputes (cut_id, intermediate_route_id, supplier_id, reason, claimed_cents, created_by)
      values (${values.cutId}, ${values.tripId}, ${values.supplierId}, ${values.reason},
        ${values.claimedCents}, ${values.createdBy})
      returning id`,
  );
  if (!row) throw new Error("dispute insert returned nothing");
  return Number(row.id);
}

/**
 * Resolves an OPEN dispute in one statement: the `status = 'OPEN'` condition makes two admins
 * resolving at once race on the row, and the one that waits finds it resolved (no row back).
 */
export async function resolveOpenDispute(
  tx: Tx,
  values: { id: number; decision: "ACCEPTED" | "REJECTED"; note: string; amountCents?: number; by: number },
) {
  const accepted =
    values.decision === "ACCEPTED"
      ? sql`coalesce(${values.amountCents ?? null}::bigint, claimed_cents)`
      : sql`null`;
  const [row] = await rowsOf(
    tx,
    sql`update disputes set status = ${values.decision}, note = ${values.note}, accepted_cents = ${accepted},
        resolved_by = ${values.by}, resolved_at = now()
      where id = ${values.id} and status = 'OPEN'
      returning id, supplier_id, intermediate_route_id, cut_id, accepted_cents`,
  );
  return row;
}

/** Whether a dispute exists (a resolve that changed nothing: 404 or 409). */
export async function disputeExists(db: Db | Tx, id: number) {
  const [row] = await rowsOf(db, sql`select 1 as one from disputes where id = ${id}`);
  return row !== undefined;
}

/** The active users of a supplier (they hear about its disputes' outcome), and the trip's route name. */
export async function supplierAudience(tx: Tx, supplierId: number, tripId: number) {
  const users = await rowsOf(
    tx,
    sql`select su.user_id from supplier_users su join users u on u.id = su.user_id
      where su.supplier_id = ${supplierId} and u.status = 'active' and u.role = 'Supplier'`,
  );
  const [trip] = await rowsOf(
    tx,
    sql`select route_name from cut_trips where intermediate_route_id = ${tripId}`,
  );
  return { userIds: users.map((row) => Number(row.user_id)), routeName: String(trip?.route_name ?? "") };
}

export type DisputeFilters = {
  cutId?: number;
  status?: string;
  supplierId?: number;
  criterion?: string;
};

const personName = (alias: string) =>
  sql.raw(`coalesce((select s.name || ' ' || s.lastname from supplier_users s where s.user_id = ${alias}.id),
    (select e.name || ' ' || e.lastname from employees e where e.user_id = ${alias}.id), ${alias}.email)`);

/** One page of disputes, newest first, with their trip as frozen in the cut and who opened/resolved them. */
export async function listDisputes(
  db: Db,
  filters: DisputeFilters,
  page: { amount: number; skip: number },
): Promise<{ amount: number; rows: RawRow[] }> {
  const where: SQL[] = [sql`true`];
  if (filters.cutId !== undefined) where.push(sql`d.cut_id = ${filters.cutId}`);
  if (filters.status !== undefined) where.push(sql`d.status = ${filters.status}`);
  if (filters.supplierId !== undefined) where.push(sql`d.supplier_id = ${filters.supplierId}`);
  const condition = sql`${sql.join(where, sql` and `)} ${criterionFilter(filters.criterion, [
    sql`ct.route_name`,
    sql`ct.driver_name`,
    sql`ct.supplier_name`,
    sql`d.reason`,
  ])}`;
  const from = sql`from disputes d join cut_trips ct on ct.intermediate_route_id = d.intermediate_route_id`;
  const [count] = await rowsOf(db, sql`select count(*)::int as n ${from} where ${condition}`);
  const rows = await rowsOf(
    db,
    sql`select d.id, d.cut_id, d.intermediate_route_id, ct.route_name, ct.started_at, d.supplier_id,
        ct.supplier_name, ct.driver_name, ct.cost_cents, d.reason, d.claimed_cents, d.status, d.note,
        d.accepted_cents, d.created_at, d.resolved_at, d.adjustment_cut_id,
        ${personName("cu")} as created_by, ${personName("ru")} as resolved_by
      ${from}
        join users cu on cu.id = d.created_by
        left join users ru on ru.id = d.resolved_by
      where ${condition}
      order by d.created_at desc, d.id desc
      limit ${page.amount} offset ${(page.skip - 1) * page.amount}`,
  );
  return { amount: Number(count?.n ?? 0), rows };
}
