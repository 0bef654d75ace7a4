import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { pushSubscriptions } from "../../db/schema.js";

export type StoredPushSubscription = {
  id: number;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
};

export type PushRepository = ReturnType<typeof createPushRepository>;

/** Phones (browsers) a user may keep subscribed: the newest win, so one account cannot fan out sends. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 5;

/** The phones' Web Push subscriptions (table push_subscriptions, one row per endpoint). */
export function createPushRepository(db: Db) {
  return {
    /**
     * Stores it for the user, or refreshes its keys when it is already theirs. An endpoint another
     * user registered stays theirs (issue 32: posting it must not take their phone's alerts over):
     * false, nothing written. One statement, so two users posting it together cannot both win.
     */
    async save(userId: number, subscription: { endpoint: string; p256dh: string; auth: string }) {
      const saved = await db
        .insert(pushSubscriptions)
        .values({ userId, ...subscription })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: subscription.p256dh, auth: subscription.auth },
          setWhere: eq(pushSubscriptions.userId, userId),
        })
        .returning({ id: pushSubscriptions.id });
      if (saved.length === 0) return false;
      await db.delete(pushSubscriptions).where(
        and(
          eq(pushSubscriptions.userId, userId),
          sql`${pushSubscriptions.id} not in (select id from push_subscriptions where user_id = ${userId}
            order by id desc limit ${MAX_PUSH_SUBSCRIPTIONS_PER_USER})`,
        ),
      );
      return true;
    },

    /** Only the user's own: nobody turns off someone else's phone. */
    async remove(userId: number, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** Every subscription of these users (index push_subscriptions_user_idx). */
    async ofUsers(userIds: readonly number[]): Promise<StoredPushSubscription[]> {
      if (userIds.length === 0) return [];
      return db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
    },

    /** The push service said the subscription is gone (404, 410). */
    async removeById(id: number) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },
  };
}
