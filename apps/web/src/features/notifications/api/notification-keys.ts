/** Every notification query starts with this key: invalidating it reloads the bell and the page. */
export const NOTIFICATIONS_KEY = ["notifications"] as const;
export const UNREAD_NOTIFICATIONS_KEY = [...NOTIFICATIONS_KEY, "unread"] as const;
export const NOTIFICATION_LIST_KEY = [...NOTIFICATIONS_KEY, "list"] as const;
