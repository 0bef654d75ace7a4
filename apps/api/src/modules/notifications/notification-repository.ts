import { and, count, desc, eq, gte, inArray, isNull, lt, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../../db/client.js";
import { notifications, users } from "../../db/schema.js";
import { pageWindow } from "../../lib/paging.js";

type Conn = Db | Tx;

export type NotificationTag = "COMMENT" | "CANCELED" | "ASSIGNED";
export type NotificationValues = {
  title: string;
  message: string;
  tag: NotificationTag;
  messageJson: string;
  /** The trip of a COMMENT notification (it groups the next comments on it). */
  intermediateRouteId?: number;
};

const columns = {
  id: notifications.id,
  title: notifications.title,
  message: notifications.message,
  tag: notifications.tag,
  createdAt: notifications.createdAt,
  messageJson: notifications.messageJson,
};

/** User ids of every active Admin and SuperAdmin (index `users_role_status_idx`). */
export async function activeAdminUserIds(conn: Conn) {
  const rows = await conn
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.role, ["SuperAdmin", "Admin"]), eq(users.status, "active")));
  return rows.map((row) => row.id);
}

/** One notification per recipient, in one statement. */
export async function insertNotificationFor(conn: Conn, userIds: number[], values: NotificationValues) {
  if (userIds.length === 0) return;
  await conn.insert(notifications).values(userIds.map((userId) => ({ userId, ...values })));
}

/**
 * The users' unread COMMENT notifications of the trip whose latest comment came after `since`,
 * newest first (index `notifications_trip_unread_idx`).
 */
export async function openCommentNotifications(conn: Conn, tripId: number, userIds: number[], since: Date) {
  if (userIds.length === 0) return [];
  return conn
    .select({ id: notifications.id, userId: notifications.userId, eventCount: notifications.eventCount })
    .from(notifications)
    .where(
      and(
        eq(notifications.intermediateRouteId, tripId),
        inArray(notifications.userId, userIds),
        eq(notifications.tag, "COMMENT"),
        isNull(notifications.readAt),
        gte(notifications.createdAt, since),
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/**
 * Rewrites the notifications still unread (one read meanwhile is left as it was) with `values`,
 * dated `at`; returns the users whose notification it rewrote.
 */
export async function regroupNotifications(
  conn: Conn,
  ids: number[],
  values: NotificationValues & { eventCount: number },
  at: Date,
) {
  if (ids.length === 0) return [];
  const rows = await conn
    .update(notifications)
    .set({ ...values, createdAt: at })
    .where(and(inArray(notifications.id, ids), isNull(notifications.readAt)))
    .returning({ userId: notifications.userId });
  return rows.map((row) => row.userId);
}

/** A user's notifications (read or not), newest first (index `notifications_user_created_idx`). */
export async function listNotificationsOf(
  conn: Conn,
  userId: number,
  query: { amount: number; skip: number; tag?: NotificationTag; range?: { from: Date; to: Date } },
) {
  const filters: SQL[] = [eq(notifications.userId, userId)];
  if (query.tag) filters.push(eq(notifications.tag, query.tag));
  if (query.range) {
    filters.push(gte(notifications.createdAt, query.range.from));
    filters.push(lt(notifications.createdAt, query.range.to));
  }
  const where = and(...filters);
  const { limit, offset } = pageWindow(query);
  const [total] = await conn.select({ amount: count() }).from(notifications).where(where);
  const rows = await conn
    .select({ ...columns, readAt: notifications.readAt })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return { amount: total?.amount ?? 0, rows };
}

/** Notifications of their own to several users, in one statement. */
export async function insertNotifications(conn: Conn, rows: (NotificationValues & { userId: number })[]) {
  if (rows.length === 0) return;
  await conn.insert(notifications).values(rows);
}

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
    list(userId: number, query: Parameters<typeof listNotificationsOf>[2]) {
      return listNotificationsOf(db, userId, query);
    },
  };
}
