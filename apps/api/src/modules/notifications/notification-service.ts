import {
  NOTICE_PUSH_KIND,
  type Notification,
  type NotificationListItem,
  type NotificationListQuery,
  type RealtimeNotification,
} from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { notFound } from "../../lib/http-error.js";
import type { RealtimeBus } from "../../realtime/realtime-bus.js";
import type { PushSender } from "../push/push-sender.js";
import { type NotificationDelivery, storeCommentNotifications } from "./comment-notifications.js";
import {
  activeAdminUserIds,
  createNotificationRepository,
  insertNotificationFor,
  insertNotifications,
  type NotificationTag,
} from "./notification-repository.js";
import { messageJsonOf, type NotificationFacts, notificationOf } from "./notification-texts.js";

export type Notifier = ReturnType<typeof createNotifier>;

/** A notification to one user about their own affairs (a collaborator whose route changed). */
export type UserNotice = { userId: number; title: string; message: string; facts: NotificationFacts };

/** A stored notification waiting for its push, and the user who caused it (never notified). */
export type StoredNotification = { notification: RealtimeNotification; actorUserId: number };

/** Web Push sends to users' phones at once (a plan may notify hundreds of riders). */
export const NOTICE_PUSH_CONCURRENCY = 8;

type NoticePhones = {
  push: Pick<PushSender, "sendNotice">;
  log: { error(object: object, message: string): void };
};

/**
 * Notifications for the administrators: `store` writes one row per active Admin/SuperAdmin inside
 * the caller's transaction; `push` sends `ReceiveNotification` to the admins once it committed.
 * The user who caused the event (the admin who assigned, the collaborator who commented or
 * cancelled) gets neither the row nor the push: nobody is told of their own action.
 * With `phones`, a notice to one user (`pushNotices`) also goes to their phones by Web Push.
 */
export function createNotifier(realtime: RealtimeBus, phones?: NoticePhones) {
  /** Web Push sends still running (they never hold a response back); `settled` waits for them. */
  const sending = new Set<Promise<void>>();

  /** Sends each notice to its user's phones, NOTICE_PUSH_CONCURRENCY at a time; never throws. */
  function sendToPhones(notices: UserNotice[], { push, log }: NoticePhones) {
    const at = new Date().toISOString();
    const queue = [...notices];
    const worker = async () => {
      for (let notice = queue.shift(); notice; notice = queue.shift()) {
        const { userId, title, message } = notice;
        await push.sendNotice(userId, { kind: NOTICE_PUSH_KIND, title, message, at });
      }
    };
    const run = Promise.all(Array.from({ length: Math.min(NOTICE_PUSH_CONCURRENCY, queue.length) }, worker))
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, "no se pudieron enviar los avisos Web Push"));
    sending.add(run);
    void run.finally(() => sending.delete(run));
  }

  return {
    async store(
      tx: Tx,
      tag: NotificationTag,
      facts: NotificationFacts,
      actorUserId: number,
    ): Promise<StoredNotification> {
      const notification = notificationOf(tag, facts);
      const recipients = (await activeAdminUserIds(tx)).filter((userId) => userId !== actorUserId);
      await insertNotificationFor(tx, recipients, notification);
      return { notification, actorUserId };
    },

    /**
     * One notification per notice to its own user (tag ASSIGNED), inside the caller's transaction;
     * `pushNotices` sends each its `ReceiveNotification` once it committed.
     */
    async storeNotices(tx: Tx, notices: UserNotice[]): Promise<UserNotice[]> {
      await insertNotifications(
        tx,
        notices.map((notice) => ({
          userId: notice.userId,
          title: notice.title,
          message: notice.message,
          tag: "ASSIGNED" as const,
          messageJson: messageJsonOf(notice.facts),
        })),
      );
      return notices;
    },

    /**
     * Best effort, like `push`: each user gets their own notification on the hub, and by Web Push
     * on their phones in the background (the caller does not wait for the push services).
     */
    async pushNotices(notices: UserNotice[]) {
      if (phones && notices.length > 0) sendToPhones(notices, phones);
      for (const notice of notices) {
        const notification: RealtimeNotification = {
          title: notice.title,
          message: notice.message,
          tag: "ASSIGNED",
          messageJson: messageJsonOf(notice.facts),
        };
        try {
          await realtime.publish({
            audience: { kind: "user", userId: notice.userId },
            target: "ReceiveNotification",
            args: [JSON.stringify(notification)],
          });
        } catch {
          // The bus logs its own failures; the rows are stored.
        }
      }
    },

    /**
     * The admins' notification of a comment on a trip, grouped with the comments just before it
     * (see `storeCommentNotifications`), inside the caller's transaction; `pushDeliveries` sends
     * each admin the row it now has once it committed.
     */
    storeComment: (tx: Tx, tripId: number, facts: NotificationFacts, actorUserId: number) =>
      storeCommentNotifications(tx, tripId, facts, actorUserId),

    /** Best effort, like `push`: one event per text, to the users who have that notification. */
    async pushDeliveries(deliveries: NotificationDelivery[]) {
      for (const { userIds, notification } of deliveries) {
        try {
          await realtime.publish({
            audience: { kind: "many", audiences: userIds.map((userId) => ({ kind: "user", userId })) },
            target: "ReceiveNotification",
            args: [JSON.stringify(notification)],
          });
        } catch {
          // The bus logs its own failures; the rows are stored.
        }
      }
    },

    /** Resolves once every Web Push started so far has finished (shutdown, tests). */
    async settled() {
      while (sending.size > 0) await Promise.all(sending);
    },

    /** Best effort: the rows are stored; a failed push only delays the bell until its next reload. */
    async push({ notification, actorUserId }: StoredNotification) {
      try {
        await realtime.publish({
          audience: { kind: "admins", exceptUserId: actorUserId },
          target: "ReceiveNotification",
          args: [JSON.stringify(notification)],
        });
      } catch {
        // The bus logs its own failures; the write already succeeded.
      }
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

/** A user's own notifications: the bell (unread), the paged list, and marking them read. */
export function createNotificationService(db: Db) {
  const repo = createNotificationRepository(db);
  return {
    async unread(userId: number) {
      const rows = await repo.unread(userId);
      return rows.map(
        (row): Notification => ({
          id: row.id,
          title: row.title,
          message: row.message,
          tag: row.tag as Notification["tag"],
          createdDate: row.createdAt.toISOString(),
          messageJson: row.messageJson,
        }),
      );
    },

    async markAsRead(userId: number, id: number) {
      if (!(await repo.markAsRead(userId, id))) throw notFound("Notificación no encontrada");
    },

    markAllAsRead: (userId: number) => repo.markAllAsRead(userId),

    async list(userId: number, listQuery: NotificationListQuery, clock: CallerClock) {
      const { sinceDate, untilDate, ...query } = listQuery;
      const range = clock.optionalDayRange({ sinceDate, untilDate });
      const { amount, rows } = await repo.list(userId, { ...query, range });
      return {
        amount,
        data: rows.map(
          (row): NotificationListItem => ({
            id: row.id,
            title: row.title,
            message: row.message,
            tag: row.tag as NotificationListItem["tag"],
            createdDate: row.createdAt.toISOString(),
            messageJson: row.messageJson,
            readDate: row.readAt?.toISOString() ?? null,
          }),
        ),
      };
    },
  };
}
