import type { RealtimeNotification } from "@treiber/contract";
import type { Tx } from "../../db/client.js";
import {
  activeAdminUserIds,
  insertNotificationFor,
  openCommentNotifications,
  regroupNotifications,
} from "./notification-repository.js";
import { commentsNotificationOf, type NotificationFacts } from "./notification-texts.js";

/** A comment this soon after the previous one on the same trip joins its unread notification. */
export const COMMENT_GROUP_WINDOW_MS = 5 * 60_000;

/** A notification to push once committed, and the users it is theirs (all see the same text). */
export type NotificationDelivery = { userIds: number[]; notification: RealtimeNotification };

/**
 * Stores (in `tx`) the admins' notification of a comment on a trip, but the one who wrote it. An
 * admin whose COMMENT notification of that trip is unread and got its latest comment less than
 * COMMENT_GROUP_WINDOW_MS ago has that row rewritten (one comment more, the latest one's facts,
 * dated now so that the list, newest first, shows it where the push says) instead of a new row;
 * the others get a new row of one comment. Returns what to push to whom: the row each admin now
 * has, so the bell, the list and the push agree. The caller serializes the trip's comments
 * (`lockCommenting`): two comments at once never both miss the row nor count one.
 */
export async function storeCommentNotifications(
  tx: Tx,
  tripId: number,
  facts: NotificationFacts,
  actorUserId: number,
  now = new Date(),
): Promise<NotificationDelivery[]> {
  const recipients = (await activeAdminUserIds(tx)).filter((userId) => userId !== actorUserId);
  const since = new Date(now.getTime() - COMMENT_GROUP_WINDOW_MS);
  // Each admin's newest open row (rows come newest first); by the comment count it will have.
  const seen = new Set<number>();
  const idsByCount = new Map<number, number[]>();
  for (const row of await openCommentNotifications(tx, tripId, recipients, since)) {
    if (seen.has(row.userId)) continue;
    seen.add(row.userId);
    const ids = idsByCount.get(row.eventCount + 1) ?? [];
    idsByCount.set(row.eventCount + 1, [...ids, row.id]);
  }
  const deliveries: NotificationDelivery[] = [];
  const grouped = new Set<number>();
  for (const [count, ids] of idsByCount) {
    const notification = commentsNotificationOf(facts, count);
    const userIds = await regroupNotifications(tx, ids, { ...notification, eventCount: count }, now);
    for (const userId of userIds) grouped.add(userId);
    if (userIds.length > 0) deliveries.push({ userIds, notification });
  }
  // A new row for the rest, also for an admin who read theirs meanwhile.
  const fresh = recipients.filter((userId) => !grouped.has(userId));
  if (fresh.length > 0) {
    const notification = commentsNotificationOf(facts, 1);
    await insertNotificationFor(tx, fresh, { ...notification, intermediateRouteId: tripId });
    deliveries.push({ userIds: fresh, notification });
  }
  return deliveries;
}
