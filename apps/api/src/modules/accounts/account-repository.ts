/**
 * `modules/accounts`: the user account (email, password, role, status, sessions) that every person
 * signs in with. Employees, drivers, the users page and auth build on it; it imports no other module.
 */
import type { Role } from "@treiber/contract";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { refreshTokens, suppliers, supplierUsers, users } from "../../db/schema.js";

type Conn = Db | Tx;

export async function insertUser(
  tx: Tx,
  values: { email: string; passwordHash: string; role: Role; mustChangePassword: boolean },
): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error("user insert returned nothing");
  return row.id;
}

export async function findUserIdByEmail(conn: Conn, email: string) {
  const [row] = await conn.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function hasSuperAdmin(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, "SuperAdmin")).limit(1);
  return row !== undefined;
}

/** Active SuperAdmins, locked until the transaction ends (so two demotions cannot race). */
export function lockActiveSuperAdmins(conn: Conn) {
  return conn
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "SuperAdmin"), eq(users.status, "active")))
    .for("update");
}

/** A user's role and status, locked until the transaction ends. */
export async function lockUser(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .for("update");
  return row;
}

export async function updateUserStatus(conn: Conn, id: number, status: "active" | "inactive") {
  await conn.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Revokes every live refresh token of a user (ends all its sessions). */
export async function revokeUserTokens(conn: Conn, userId: number) {
  await conn
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Whether the user still has a temporary password to change (false for an unknown id). */
export async function mustChangePassword(conn: Conn, userId: number): Promise<boolean> {
  const [row] = await conn
    .select({ mustChangePassword: users.mustChangePassword })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.mustChangePassword === true;
}

/**
 * What an access token's rights depend on: the user's role and status (a Supplier user's is its
 * supplier's too, decision 0077), and whether its session (refresh-token family) still has a live
 * token. Undefined when the user does not exist.
 */
export async function findSessionRights(conn: Conn, userId: number, sessionId: string) {
  const live = conn
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, sessionId),
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    );
  const [row] = await conn
    .select({
      role: users.role,
      status: sql<string>`case when ${suppliers.status} = 'inactive' then 'inactive' else ${users.status} end`,
      sessionLive: sql<boolean>`exists (${live})`,
    })
    .from(users)
    .leftJoin(supplierUsers, eq(supplierUsers.userId, users.id))
    .leftJoin(suppliers, eq(suppliers.id, supplierUsers.supplierId))
    .where(eq(users.id, userId))
    .limit(1);
  return row && { role: row.role as Role, status: row.status, sessionLive: row.sessionLive === true };
}
