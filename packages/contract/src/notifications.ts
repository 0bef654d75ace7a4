import { z } from "zod";

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
