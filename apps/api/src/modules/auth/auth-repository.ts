import type { Role } from "@treiber/contract";
import { and, desc, eq, getTableColumns, gt, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import {
  drivers,
  employees,
  passwordResetCodes,
  profileImages,
  refreshTokens,
  suppliers,
  supplierUsers,
  users,
} from "../../db/schema.js";
import { lockActiveSuperAdmins, revokeUserTokens } from "../accounts/account-repository.js";
import { profileImageUrl } from "../profile-images/profile-image-url.js";

type Executor = Db | Tx;

/**
 * A user as sign-in and refresh see it: a Supplier user is inactive while its supplier is
 * (decision 0077), so deactivating a supplier closes its portal without touching each account.
 */
const account = {
  ...getTableColumns(users),
  status: sql<
    "active" | "inactive"
  >`case when ${suppliers.status} = 'inactive' then 'inactive' else ${users.status} end`,
};
const accounts = (executor: Executor) =>
  executor
    .select(account)
    .from(users)
    .leftJoin(supplierUsers, eq(supplierUsers.userId, users.id))
    .leftJoin(suppliers, eq(suppliers.id, supplierUsers.supplierId));

export function createAuthRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async findUserByEmail(email: string) {
      const [user] = await accounts(db).where(eq(users.email, email)).limit(1);
      return user;
    },

    async findUserById(id: number, executor: Executor = db) {
      const [user] = await accounts(executor).where(eq(users.id, id)).limit(1);
      return user;
    },

    /** What the shell shows of the user: from the employee, driver or supplier-user record. */
    async sessionProfile(userId: number) {
      const [row] = await db
        .select({
          employeeName: employees.name,
          employeeLastname: employees.lastname,
          jobTitle: employees.jobTitle,
          driverName: drivers.name,
          driverLastname: drivers.lastname,
          supplierUserName: supplierUsers.name,
          supplierUserLastname: supplierUsers.lastname,
          supplierName: suppliers.name,
          imageEtag: profileImages.etag,
        })
        .from(users)
        .leftJoin(employees, eq(employees.userId, users.id))
        .leftJoin(drivers, eq(drivers.userId, users.id))
        .leftJoin(supplierUsers, eq(supplierUsers.userId, users.id))
        .leftJoin(suppliers, eq(suppliers.id, supplierUsers.supplierId))
        .leftJoin(profileImages, eq(profileImages.userId, users.id))
        .where(eq(users.id, userId))
        .limit(1);
      return {
        name: row?.employeeName ?? row?.driverName ?? row?.supplierUserName ?? "",
        lastname: row?.employeeLastname ?? row?.driverLastname ?? row?.supplierUserLastname ?? "",
        // A supplier's user is shown with its supplier's name (the company it signs in for).
        jobTitle: row?.jobTitle ?? (row?.driverName ? "Chofer" : (row?.supplierName ?? null)),
        image: profileImageUrl(userId, row?.imageEtag),
      };
    },

    async touchSignIn(userId: number) {
      await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, userId));
    },

    async insertRefreshToken(
      values: { userId: number; tokenHash: string; familyId: string; expiresAt: Date },
      executor: Executor = db,
    ) {
      const [row] = await executor.insert(refreshTokens).values(values).returning({ id: refreshTokens.id });
      return row?.id;
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row;
    },

    async findRefreshTokenById(id: number) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
      return row;
    },

    /** Atomically marks a live token used; false when it was already revoked (a reuse). */
    async claimRefreshToken(id: number, executor: Executor = db) {
      const rows = await executor
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async setReplacedBy(id: number, replacedById: number, executor: Executor = db) {
      await executor.update(refreshTokens).set({ replacedById }).where(eq(refreshTokens.id, id));
    },

    async revokeFamily(familyId: string) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    revokeUserTokens: (userId: number, executor: Executor = db) => revokeUserTokens(executor, userId),

    /** Ends every session of the user but `keepFamilyId`'s (all of them without one). */
    async revokeUserTokensExcept(userId: number, keepFamilyId: string | undefined, executor: Executor = db) {
      if (!keepFamilyId) return revokeUserTokens(executor, userId);
      await executor
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(refreshTokens.userId, userId),
            isNull(refreshTokens.revokedAt),
            ne(refreshTokens.familyId, keepFamilyId),
          ),
        );
    },

    async updatePassword(
      userId: number,
      passwordHash: string,
      mustChangePassword: boolean,
      executor: Executor = db,
    ) {
      await executor
        .update(users)
        .set({ passwordHash, mustChangePassword, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },

    async insertResetCode(values: { userId: number; codeHash: string; expiresAt: Date }) {
      await db.transaction(async (tx) => {
        // Only the newest code is valid.
        await tx
          .update(passwordResetCodes)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResetCodes.userId, values.userId), isNull(passwordResetCodes.usedAt)));
        await tx.insert(passwordResetCodes).values(values);
      });
    },

    /**
     * Counts one guess on the user's newest live code before it is compared, in one statement, and
     * only while it has had fewer than `maxAttempts` (decision 0036): the code to compare, or none.
     */
    async claimResetAttempt(userId: number, maxAttempts: number) {
      const newest = db
        .select({ id: passwordResetCodes.id })
        .from(passwordResetCodes)
        .where(
          and(
            eq(passwordResetCodes.userId, userId),
            isNull(passwordResetCodes.usedAt),
            gt(passwordResetCodes.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(passwordResetCodes.createdAt))
        .limit(1);
      const [row] = await db
        .update(passwordResetCodes)
        .set({ attempts: sql`${passwordResetCodes.attempts} + 1` })
        .where(
          and(
            inArray(passwordResetCodes.id, newest),
            isNull(passwordResetCodes.usedAt),
            lt(passwordResetCodes.attempts, maxAttempts),
          ),
        )
        .returning({ id: passwordResetCodes.id, codeHash: passwordResetCodes.codeHash });
      return row;
    },

    async useResetCode(id: number, executor: Executor) {
      const rows = await executor
        .update(passwordResetCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResetCodes.id, id), isNull(passwordResetCodes.usedAt)))
        .returning({ id: passwordResetCodes.id });
      return rows.length === 1;
    },

    async setRole(userId: number, role: Role, executor: Executor) {
      await executor.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    },

    /** Active SuperAdmins, locked until the transaction ends (so two demotions cannot race). */
    lockActiveSuperAdmins: (executor: Executor) => lockActiveSuperAdmins(executor),
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
