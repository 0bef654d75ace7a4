export type NotificationTag = "COMMENT" | "CANCELED" | "ASSIGNED";

export interface AppNotification {
  id: number;
  title: string;
  message: string;
  tag: NotificationTag;
  createdDate: string;
  /** JSON string with DriverName, DriverLastname, EmployeeName, EmployeeLastname, Comment, RouteName. */
  messageJson: string | null;
  /** Only in the history list (`Notification/list`): when the user read it, null while unread. */
  readDate?: string | null;
}

/** Every notification query starts with this key: invalidating it reloads the bell and the page. */
export const NOTIFICATIONS_KEY = ["notifications"] as const;
export const UNREAD_NOTIFICATIONS_KEY = [...NOTIFICATIONS_KEY, "unread"] as const;
export const NOTIFICATION_LIST_KEY = [...NOTIFICATIONS_KEY, "list"] as const;

/** Spanish label of each tag. */
export const NOTIFICATION_TAG_LABELS: Record<NotificationTag, string> = {
  COMMENT: "Comentario",
  CANCELED: "Cancelación",
  ASSIGNED: "Asignación",
};
