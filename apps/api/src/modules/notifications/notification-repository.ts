import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { notifications } from "../../db/schema.js";

const columns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  tag: notifications.tag,
  createdAt: notifications.createdAt,
  messageJson: notifications.messageJson,
};

export function createNotificationRepository(db: Db) {
  return {
    unread(userId: number) {
      return db
        .select(columns)
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(200);
    },
    /** True when the notification exists and belongs to the user. */
    async markAsRead(userId: number, id: number) {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      return rows.length === 1;
    },
    async markAllAsRead(userId: number) {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
