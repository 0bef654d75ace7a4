import { BLOCKING_DOCUMENT_TYPES, type DocumentType, documentExpiredMessage } from "@treiber/contract";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { rowsOf } from "../reports/trip-scope.js";

type Conn = Db | Tx;

/** Why a driver cannot start a trip today: the first expired paper (licence, insurance, inspection). */
export type DriverBlock = { type: DocumentType; expiresOn: string; reason: string };

/** The blocking papers and whose they are: the licence the driver's, the others the vehicle's. */
const BLOCKING_OWNERS = sql`((d.owner_type = 'DRIVER' and d.type = 'LICENSE')
  or (d.owner_type = 'VEHICLE' and d.type in ('INSURANCE', 'TECHNICAL_INSPECTION')))`;

/** Above this many drivers one query over every expired paper beats a list of ids. */
const MANY_DRIVERS = 500;

const typeRank = (type: DocumentType) => BLOCKING_DOCUMENT_TYPES.indexOf(type);

/**
 * The drivers among `driverIds` ("all": every driver) who cannot start a trip on `today` (the branch
 * office's `YYYY-MM-DD`), each with the first reason: the licence first, then the vehicle's insurance,
 * then its inspection (decision 0078). A driver is blocked when the CURRENT approved paper of a
 * blocking type (the approved one of that owner and type that expires last) expired before `today`:
 * an approved paper of that type valid today clears it; a pending renewal does not; no approved paper
 * at all does not block (drivers from before issue 37).
 *
 * One query. For a few drivers (a planner's choice), their approved blocking papers on
 * `documents_owner_idx`, grouped by owner and type, kept when the latest expired before today: a
 * handful of rows and a plan that costs nothing. For many, the approved blocking papers expired
 * before today (`documents_expires_on_idx`) without an approved sibling valid today.
 */
export async function driverClearance(
  conn: Conn,
  driverIds: readonly number[] | "all",
  today: string,
): Promise<Map<number, DriverBlock>> {
  const blocks = new Map<number, DriverBlock>();
  if (driverIds !== "all" && driverIds.length === 0) return blocks;
  const few = driverIds !== "all" && driverIds.length <= MANY_DRIVERS;
  const rows = await rowsOf(conn, few ? fewDrivers(driverIds, today) : everyDriver(today));
  const wanted = driverIds === "all" || few ? undefined : new Set(driverIds);
  for (const row of rows) {
    const driverId = Number(row.driverId);
    if (wanted && !wanted.has(driverId)) continue;
    const type = row.type as DocumentType;
    const expiresOn = String(row.expiresOn);
    const known = blocks.get(driverId);
    if (known && typeRank(known.type) <= typeRank(type)) continue;
    blocks.set(driverId, { type, expiresOn, reason: documentExpiredMessage(type, expiresOn) });
  }
  return blocks;
}

function fewDrivers(driverIds: readonly number[], today: string): SQL {
  const ids = sql.join(
    driverIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  return sql`select d.owner_id as "driverId", d.type, max(d.expires_on)::text as "expiresOn"
    from documents d
    where d.owner_type in ('DRIVER', 'VEHICLE') and d.owner_id in (${ids})
      and d.type in ('LICENSE', 'INSURANCE', 'TECHNICAL_INSPECTION') and d.review = 'APPROVED'
      and ${BLOCKING_OWNERS}
    group by d.owner_type, d.owner_id, d.type
    having max(d.expires_on) < ${today}::date`;
}

function everyDriver(today: string): SQL {
  return sql`select d.owner_id as "driverId", d.type, max(d.expires_on)::text as "expiresOn"
    from documents d
    where d.review = 'APPROVED' and d.expires_on < ${today}::date and ${BLOCKING_OWNERS}
      and not exists (
        select 1 from documents n
        where n.owner_type = d.owner_type and n.owner_id = d.owner_id and n.type = d.type
          and n.review = 'APPROVED' and n.expires_on >= ${today}::date
      )
    group by d.owner_id, d.type`;
}

/** Whose each blocking paper is: the licence the driver's, the insurance and inspection the vehicle's. */
const BLOCKING_OWNER_TYPES = {
  LICENSE: "DRIVER",
  INSURANCE: "VEHICLE",
  TECHNICAL_INSPECTION: "VEHICLE",
} as const;
type BlockingType = keyof typeof BLOCKING_OWNER_TYPES;

/** The latest approved expiry (`YYYY-MM-DD`) of each blocking paper of one driver; null: none approved. */
export type BlockingPapers = Partial<Record<BlockingType, string | null>>;

/** `max(expires_on) filter (…)::text as "TYPE"` of one blocking paper among its driver's approved ones. */
const latestOf = (type: BlockingType) =>
  sql.raw(`max(p.expires_on) filter (where p.owner_type = '${BLOCKING_OWNER_TYPES[type]}' and p.type = '${type}')::text
      as "${type}"`);

/**
 * A one-row subquery with the latest approved expiry of each blocking paper of the driver `driverId`
 * (a column such as `d.id`, or a value): one range of `documents_owner_idx` per owner type and one
 * aggregate, so the Start reads it in the statement that locks its driver (`cross join lateral`)
 * and the check costs no round trip of its own (decision 0078).
 */
export function latestBlockingPapers(driverId: SQLWrapper): SQL {
  return sql`(select ${latestOf("LICENSE")}, ${latestOf("INSURANCE")}, ${latestOf("TECHNICAL_INSPECTION")}
    from documents p
    where p.owner_type in ('DRIVER', 'VEHICLE') and p.owner_id = ${driverId}
      and p.type in ('LICENSE', 'INSURANCE', 'TECHNICAL_INSPECTION') and p.review = 'APPROVED')`;
}

/**
 * Why a driver with these papers cannot start a trip on `day` (the branch office's `YYYY-MM-DD`): the
 * first, in the order of `BLOCKING_DOCUMENT_TYPES`, whose latest approved paper expired before `day`.
 */
export function blockOn(papers: BlockingPapers, day: string): DriverBlock | undefined {
  for (const type of BLOCKING_DOCUMENT_TYPES) {
    const expiresOn = papers[type as BlockingType];
    if (expiresOn != null && expiresOn < day) {
      return { type, expiresOn, reason: documentExpiredMessage(type, expiresOn) };
    }
  }
  return undefined;
}

/** The reason one driver cannot start a trip today, or undefined when they may: one indexed query. */
export async function driverBlock(conn: Conn, driverId: number, today: string) {
  const [row] = await rowsOf(conn, sql`select l.* from ${latestBlockingPapers(sql`${driverId}::int`)} l`);
  return blockOn((row ?? {}) as BlockingPapers, today);
}
