/** The sign-in e-mail of an account, changed on the person's page only (issue 32). */
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../db/client.js";
import { passwordResetCodes, users } from "../../db/schema.js";

/** The user's e-mail, its row locked until the transaction ends; undefined for an unknown user. */
export async function lockUserEmail(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1)
    .for("update");
  return row?.email;
}

export async function setUserEmail(tx: Tx, userId: number, email: string) {
  await tx.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Ends the user's unused password-reset codes (they went to the old address). */
export async function endResetCodes(tx: Tx, userId: number) {
  await tx
    .update(passwordResetCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetCodes.userId, userId), isNull(passwordResetCodes.usedAt)));
}
