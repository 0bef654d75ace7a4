import { EXPIRING_WITHIN_DAYS } from "@treiber/contract";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { rowsOf } from "../reports/trip-scope.js";

type Conn = Db | Tx;

/** What narrows «Cumplimiento»: one supplier, expired or expiring only, blocking papers only. */
export type ComplianceFilter = {
  today: string;
  supplierId?: number | null | undefined;
  status?: "EXPIRING" | "EXPIRED" | undefined;
  blocking?: boolean | undefined;
};

/** A current paper that is EXPIRING or EXPIRED, with its supplier's and owner's names. */
export type CompliancePaper = {
  documentId: number;
  supplierId: number;
  supplierName: string;
  ownerType: string;
  ownerId: number;
  ownerName: string;
  type: string;
  number: string;
  expiresOn: string;
};

/** `YYYY-MM-DD` plus `days`. */
export function plusDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const BLOCKING = sql`((c.owner_type = 'DRIVER' and c.type = 'LICENSE')
  or (c.owner_type = 'VEHICLE' and c.type in ('INSURANCE', 'TECHNICAL_INSPECTION')))`;

/**
 * The current papers (decision 0078: the approved one of its owner and type that expires last)
 * that expire by `today` + EXPIRING_WITHIN_DAYS, as a CTE `c`: the candidates come off
 * `documents_supplier_idx` or `documents_expires_on_idx`, and a later approved sibling (the renewal)
 * is looked up on `documents_owner_idx`.
 */
function currentPapers(filter: ComplianceFilter): SQL {
  const horizon = plusDays(filter.today, EXPIRING_WITHIN_DAYS);
  const conditions: SQL[] = [sql`d.review = 'APPROVED'`, sql`d.expires_on <= ${horizon}::date`];
  if (filter.supplierId != null) conditions.push(sql`d.supplier_id = ${filter.supplierId}`);
  if (filter.status === "EXPIRED") conditions.push(sql`d.expires_on < ${filter.today}::date`);
  if (filter.status === "EXPIRING") conditions.push(sql`d.expires_on >= ${filter.today}::date`);
  if (filter.blocking !== undefined) {
    const blocking = sql`((d.owner_type = 'DRIVER' and d.type = 'LICENSE')
      or (d.owner_type = 'VEHICLE' and d.type in ('INSURANCE', 'TECHNICAL_INSPECTION')))`;
    conditions.push(filter.blocking ? blocking : sql`not ${blocking}`);
  }
  return sql`c as (
    select d.id, d.supplier_id, d.owner_type, d.owner_id, d.type, d.number, d.expires_on
    from documents d
    where ${sql.join(conditions, sql` and `)}
      and not exists (
        select 1 from documents n
        where n.owner_type = d.owner_type and n.owner_id = d.owner_id and n.type = d.type
          and n.review = 'APPROVED' and n.expires_on >= d.expires_on
          and (n.expires_on > d.expires_on or n.id > d.id)
      )
  )`;
}

/** The names and columns of a paper of `c`, and the order «Cumplimiento» shows them in. */
const PAPER_COLUMNS = sql`c.id as "documentId", c.supplier_id as "supplierId", s.name as "supplierName",
  c.owner_type as "ownerType", c.owner_id as "ownerId", c.type, c.number, c.expires_on::text as "expiresOn",
  case when c.owner_type = 'SUPPLIER' then s.name
    when c.owner_type = 'VEHICLE' then coalesce(dr.vehicle_plate || ' · ', '') || dr.name || ' ' || dr.lastname
    else dr.name || ' ' || dr.lastname end as "ownerName"`;
const PAPER_JOINS = sql`join suppliers s on s.id = c.supplier_id
  left join drivers dr on c.owner_type <> 'SUPPLIER' and dr.id = c.owner_id`;
/** Soonest expiry first; on a tie by supplier, owner and type (sorted before any name is joined). */
const PAPER_ORDER = sql`order by c.expires_on, c.supplier_id, c.owner_type, c.owner_id, c.type, c.id`;

/** How «Cumplimiento» orders its papers: soonest expiry first, or grouped by supplier. */
export type ComplianceOrder = "expiry" | "supplier";

/**
 * The papers of `c` in `order`, as `c` again. By supplier, each supplier's papers stay together: the
 * supplier whose first paper expires soonest leads (`group_first`, over the whole filter, so a page
 * boundary does not reorder the groups), and inside a group the order is `PAPER_ORDER`'s.
 */
function orderedPapers(order: ComplianceOrder) {
  if (order === "expiry") return { from: sql`c`, order: PAPER_ORDER };
  return {
    from: sql`(select c.*, min(c.expires_on) over (partition by c.supplier_id) as group_first from c) c`,
    order: sql`order by c.group_first, c.supplier_id, c.expires_on, c.owner_type, c.owner_id, c.type, c.id`,
  };
}

const toPaper = (row: Record<string, unknown>): CompliancePaper => ({
  documentId: Number(row.documentId),
  supplierId: Number(row.supplierId),
  supplierName: String(row.supplierName),
  ownerType: String(row.ownerType),
  ownerId: Number(row.ownerId),
  ownerName: String(row.ownerName ?? ""),
  type: String(row.type),
  number: String(row.number),
  expiresOn: String(row.expiresOn),
});

/**
 * One page of «Cumplimiento» in `order` and the totals of the whole filter (drivers kept off the road
 * today, papers expired and expiring), in one statement: the current papers are found once.
 */
export async function compliancePage(
  conn: Conn,
  filter: ComplianceFilter,
  page: { limit: number; offset: number },
  order: ComplianceOrder = "expiry",
) {
  const papers = orderedPapers(order);
  const rows = await rowsOf(
    conn,
    sql`with ${currentPapers(filter)},
      t as (
        select
          count(distinct c.owner_id) filter (where c.expires_on < ${filter.today}::date and ${BLOCKING})::int
            as "blockedDrivers",
          count(*) filter (where c.expires_on < ${filter.today}::date)::int as expired,
          count(*) filter (where c.expires_on >= ${filter.today}::date)::int as expiring
        from c
      )
      select t.*, p.* from t left join lateral (
        select ${PAPER_COLUMNS}
        from (select * from ${papers.from} ${papers.order} limit ${page.limit} offset ${page.offset}) c
          ${PAPER_JOINS}
        ${papers.order}
      ) p on true`,
  );
  const first = rows[0];
  return {
    blockedDrivers: Number(first?.blockedDrivers ?? 0),
    expired: Number(first?.expired ?? 0),
    expiring: Number(first?.expiring ?? 0),
    papers: rows.filter((row) => row.documentId !== null && row.documentId !== undefined).map(toPaper),
  };
}

/** Every current paper expiring or expired (the daily digest), soonest expiry first, with the names. */
export async function compliancePapers(conn: Conn, filter: ComplianceFilter): Promise<CompliancePaper[]> {
  const rows = await rowsOf(
    conn,
    sql`with ${currentPapers(filter)} select ${PAPER_COLUMNS} from c ${PAPER_JOINS} ${PAPER_ORDER}`,
  );
  return rows.map(toPaper);
}
