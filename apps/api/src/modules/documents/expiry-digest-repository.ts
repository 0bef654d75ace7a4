import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { documentDigestRuns, supplierUsers, users } from "../../db/schema.js";

/** Claims the digest of `day` for this instance: true for exactly one caller (the row is the «once»). */
export async function claimDigest(db: Db, day: string): Promise<boolean> {
  const rows = await db
    .insert(documentDigestRuns)
    .values({ digestDate: day })
    .onConflictDoNothing()
    .returning({ day: documentDigestRuns.digestDate });
  return rows.length > 0;
}

export async function finishDigest(db: Db, day: string, result: object) {
  await db
    .update(documentDigestRuns)
    .set({ finishedAt: new Date(), result })
    .where(eq(documentDigestRuns.digestDate, day));
}

/** The active users of the suppliers, with their e-mail, by supplier. */
export async function supplierRecipients(db: Db, supplierIds: readonly number[]) {
  const bySupplier = new Map<number, string[]>();
  if (supplierIds.length === 0) return bySupplier;
  const rows = await db
    .select({ supplierId: supplierUsers.supplierId, email: users.email })
    .from(supplierUsers)
    .innerJoin(users, eq(users.id, supplierUsers.userId))
    .where(and(inArray(supplierUsers.supplierId, [...supplierIds]), eq(users.status, "active")))
    .orderBy(supplierUsers.supplierId, users.email);
  for (const row of rows)
    bySupplier.set(row.supplierId, [...(bySupplier.get(row.supplierId) ?? []), row.email]);
  return bySupplier;
}

/** The e-mails of the active admins (Admin and SuperAdmin). */
export async function adminRecipients(db: Db) {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(inArray(users.role, ["Admin", "SuperAdmin"]), eq(users.status, "active")))
    .orderBy(users.email);
  return rows.map((row) => row.email);
}
