import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { branchOffices, incidentThresholds } from "../../db/schema.js";

export async function branchOfficeExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: branchOffices.id }).from(branchOffices).where(eq(branchOffices.id, id));
  return row !== undefined;
}

/** A branch office's own thresholds (partial), or undefined. */
export async function thresholdsOf(db: Db, branchOfficeId: number) {
  const [row] = await db
    .select({ values: incidentThresholds.values, updatedAt: incidentThresholds.updatedAt })
    .from(incidentThresholds)
    .where(eq(incidentThresholds.branchOfficeId, branchOfficeId));
  return row;
}

/** Writes a branch office's thresholds (all of them, already validated). */
export async function saveThresholds(db: Db, branchOfficeId: number, values: Record<string, number>) {
  await db
    .insert(incidentThresholds)
    .values({ branchOfficeId, values })
    .onConflictDoUpdate({
      target: incidentThresholds.branchOfficeId,
      set: { values, updatedAt: sql`now()` },
    });
}
