import { timeAgo } from "@treiber/client/format";
import type { Notification } from "@treiber/contract";
import { Flex, Typography } from "antd";
import { NotificationTagIcon } from "./notification-tag-icon";

export interface NotificationItemProps {
  notification: Notification;
  onMarkAsRead: (id: number) => void;
  /** Reference time of the relative date; refreshed by the panel. */
  now?: Date;
}

export function NotificationItem({ notification, onMarkAsRead, now }: NotificationItemProps) {
  return (
    <Flex
      gap={12}
      align="flex-start"
      style={{ padding: "12px 16px", borderBottom: "1px solid #f0f0f0" }}
      data-testid="notification-item"
    >
      <NotificationTagIcon tag={notification.tag} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong>{notification.title}</Typography.Text>
        {notification.message ? (
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {notification.message}
          </Typography.Text>
        ) : null}
        <Flex justify="space-between" align="center" style={{ marginTop: 4 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {timeAgo(notification.createdDate, now)}
          </Typography.Text>
          <Typography.Link
            style={{ fontSize: 12 }}
            onClick={() => onMarkAsRead(notification.id)}
            data-testid="notification-mark-read"
          >
            Marcar como leído
          </Typography.Link>
        </Flex>
      </Flex>
    </Flex>
  );
}
