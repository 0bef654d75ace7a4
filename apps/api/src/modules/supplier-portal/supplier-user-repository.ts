import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { supplierUsers } from "../../db/schema.js";

/** A supplier's user record (issue 37), in the sign-up's transaction: its id. */
export async function insertSupplierUser(
  tx: Tx,
  values: { userId: number; supplierId: number; name: string; lastname: string },
): Promise<number> {
  const [row] = await tx.insert(supplierUsers).values(values).returning({ id: supplierUsers.id });
  if (!row) throw new Error("supplier user insert returned nothing");
  return row.id;
}

/** The supplier a user signs in for, or undefined when it is not a supplier's user. */
export async function findSupplierIdOfUser(db: Db, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ supplierId: supplierUsers.supplierId })
    .from(supplierUsers)
    .where(eq(supplierUsers.userId, userId))
    .limit(1);
  return row?.supplierId;
}

/** The users of a supplier (their sessions end or resume with its status). */
export async function supplierUserIds(db: Db, supplierId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: supplierUsers.userId })
    .from(supplierUsers)
    .where(eq(supplierUsers.supplierId, supplierId));
  return rows.map((row) => row.userId);
}
