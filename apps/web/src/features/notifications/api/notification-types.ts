export type NotificationTag = "COMMENT" | "CANCELED" | "ASSIGNED";

export interface AppNotification {
  id: number;
  title: string;
  message: string;
  tag: NotificationTag;
  createdDate: string;
  /** JSON string with DriverName, DriverLastname, EmployeeName, EmployeeLastname, Comment, RouteName. */
  messageJson: string | null;
}

export const UNREAD_NOTIFICATIONS_KEY = ["notifications", "unread"] as const;
