import { sql } from "drizzle-orm";
import type { Tx } from "./client.js";

/** The advisory lock key that serializes ending trips with making cuts (docs/decisions/0020). */
export const BILLING_LOCK_KEY = 7_311_020;

/**
 * Serializes End and Cut for the rest of the transaction (`pg_advisory_xact_lock`, on PGlite and
 * PostgreSQL): an End takes it shared (Ends run side by side), a Cut exclusive. A Cut therefore
 * waits for every End in flight and sees its trip; an End that starts while a Cut runs waits and
 * then stamps its end after that cut's `until`. Take it before any row lock (no deadlock).
 */
export async function lockBilling(tx: Tx, mode: "end" | "cut") {
  await tx.execute(
    mode === "cut"
      ? sql`select pg_advisory_xact_lock(${BILLING_LOCK_KEY})`
      : sql`select pg_advisory_xact_lock_shared(${BILLING_LOCK_KEY})`,
  );
}

/** The end of the latest cut, if any: no trip may end before it without being in a cut. */
export async function lastCutUntil(tx: Tx): Promise<Date | undefined> {
  const result = (await tx.execute(sql`select max(until_at) as until from cuts`)) as unknown as {
    rows: { until: Date | string | null }[];
  };
  const value = result.rows[0]?.until;
  if (value === null || value === undefined) return undefined;
  return value instanceof Date ? value : new Date(value);
}
