import { BLOCKING_DOCUMENT_TYPES, type DocumentType, documentExpiredMessage } from "@treiber/contract";
import { type SQL, sql } from "drizzle-orm";
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
 * One query. For a few drivers (the Start: one), their approved blocking papers on
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

/** The reason one driver cannot start a trip today, or undefined when they may. */
export async function driverBlock(conn: Conn, driverId: number, today: string) {
  return (await driverClearance(conn, [driverId], today)).get(driverId);
}
