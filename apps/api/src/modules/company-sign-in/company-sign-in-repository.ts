import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { oidcSignIns } from "../../db/schema.js";

export type CompanySignInApp = "web" | "field";

/** The rows of sign-ins with the company account (decision 0087): each step claims its row once. */
export function createCompanySignInRepository(db: Db) {
  return {
    async insert(values: {
      stateHash: string;
      nonce: string;
      codeVerifier: string;
      app: CompanySignInApp;
      expiresAt: Date;
    }) {
      // Old rows go with each new one: the table holds the last minutes of sign-ins only.
      await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, new Date(Date.now() - 60 * 60_000)));
      await db.insert(oidcSignIns).values(values);
    },

    /** The sign-in the callback belongs to, claimed once while it has not expired. */
    async claimForCallback(stateHash: string, now: Date) {
      const [row] = await db
        .update(oidcSignIns)
        .set({ callbackAt: now })
        .where(
          and(
            eq(oidcSignIns.stateHash, stateHash),
            isNull(oidcSignIns.callbackAt),
            gt(oidcSignIns.expiresAt, now),
          ),
        )
        .returning({
          id: oidcSignIns.id,
          nonce: oidcSignIns.nonce,
          codeVerifier: oidcSignIns.codeVerifier,
          app: oidcSignIns.app,
        });
      return row as (typeof row & { app: CompanySignInApp }) | undefined;
    },

    /** The app a sign-in goes back to, whatever became of it (for the error's redirect). */
    async appOf(stateHash: string): Promise<CompanySignInApp | undefined> {
      const [row] = await db
        .select({ app: oidcSignIns.app })
        .from(oidcSignIns)
        .where(eq(oidcSignIns.stateHash, stateHash))
        .limit(1);
      return row?.app as CompanySignInApp | undefined;
    },

    async setHandoff(id: number, values: { userId: number; handoffHash: string; handoffExpiresAt: Date }) {
      await db.update(oidcSignIns).set(values).where(eq(oidcSignIns.id, id));
    },

    /** The user of a hand-off code, used once while it has not expired. */
    async claimHandoff(handoffHash: string, now: Date) {
      const [row] = await db
        .update(oidcSignIns)
        .set({ handoffUsedAt: now })
        .where(
          and(
            eq(oidcSignIns.handoffHash, handoffHash),
            isNull(oidcSignIns.handoffUsedAt),
            gt(oidcSignIns.handoffExpiresAt, now),
          ),
        )
        .returning({ userId: oidcSignIns.userId });
      return row?.userId ?? undefined;
    },
  };
}

export type CompanySignInRepository = ReturnType<typeof createCompanySignInRepository>;
