import { z } from "zod";
import { bothDatesOrNeither, dateRangeShape, listQuerySchema } from "./common.js";

export const NOTIFICATION_TAGS = ["COMMENT", "CANCELED", "ASSIGNED"] as const;
export const notificationTagSchema = z.enum(NOTIFICATION_TAGS, { message: "Etiqueta inválida" });
export type NotificationTag = z.infer<typeof notificationTagSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string(),
  tag: notificationTagSchema,
  createdDate: z.string(),
  /** JSON string: DriverName, DriverLastname, EmployeeName, EmployeeLastname, Comment, RouteName. */
  messageJson: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * A notice of a user's own affairs sent by Web Push (Treiber App «Avisos»): a rider whose route
 * changed. `title` and `message` are the stored notification's; a tap opens «Avisos».
 */
export const NOTICE_PUSH_KIND = "NOTICE";
export const noticePushSchema = z.object({
  kind: z.literal(NOTICE_PUSH_KIND),
  title: z.string(),
  message: z.string(),
  /** ISO instant. */
  at: z.string(),
});
export type NoticePush = z.infer<typeof noticePushSchema>;

// ---------- The notification list ----------

export const NOTIFICATION_PAGE_SIZE = 10;

export const notificationListQuerySchema = z
  .object({
    amount: listQuerySchema.shape.amount.default(NOTIFICATION_PAGE_SIZE),
    skip: listQuerySchema.shape.skip,
    tag: notificationTagSchema.optional(),
    ...dateRangeShape,
  })
  .superRefine(bothDatesOrNeither);
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationListItemSchema = notificationSchema.extend({ readDate: z.string().nullable() });
export type NotificationListItem = z.infer<typeof notificationListItemSchema>;
export const notificationListResponseSchema = z.object({
  amount: z.number().int(),
  data: z.array(notificationListItemSchema),
});
export type NotificationListResponse = z.infer<typeof notificationListResponseSchema>;

/** The string argument of the hub event `ReceiveNotification` (JSON of this shape). */
export const realtimeNotificationSchema = z.object({
  title: z.string(),
  message: z.string(),
  tag: notificationTagSchema,
  messageJson: z.string(),
});
export type RealtimeNotification = z.infer<typeof realtimeNotificationSchema>;
