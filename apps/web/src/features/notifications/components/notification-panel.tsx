import { Badge, Empty, Flex, Typography } from "antd";
import { NOTIFICATION_PANEL_MAX_HEIGHT } from "../../../shared/constants";
import type { AppNotification } from "../api/notification-types";
import { NotificationItem } from "./notification-item";

export interface NotificationPanelProps {
  notifications: AppNotification[];
  onMarkAsRead: (id: number) => void;
  onMarkAllAsRead: () => void;
}

/** Dropdown content: header, unread badge, 'Marcar como leídos', scrolling list (max 500px). */
export function NotificationPanel({ notifications, onMarkAsRead, onMarkAllAsRead }: NotificationPanelProps) {
  return (
    <div
      data-testid="notification-panel"
      style={{
        width: 360,
        maxWidth: "calc(100vw - 24px)",
        background: "#fff",
        borderRadius: 8,
        boxShadow: "0 6px 16px rgba(0,0,0,0.12)",
      }}
    >
      <Flex
        justify="space-between"
        align="center"
        style={{ padding: "12px 16px", borderBottom: "1px solid #f0f0f0" }}
      >
        <Flex align="center" gap={8}>
          <Typography.Text strong>Notificaciones</Typography.Text>
          <Badge count={notifications.length} showZero color="#1b5e20" />
        </Flex>
        {notifications.length > 0 ? (
          <Typography.Link onClick={onMarkAllAsRead}>Marcar como leídos</Typography.Link>
        ) : (
          <Typography.Text type="secondary">Marcar como leídos</Typography.Text>
        )}
      </Flex>
      <div style={{ maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT, overflowY: "auto" }}>
        {notifications.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description="No tienes notificaciones"
            style={{ padding: 16 }}
          />
        ) : (
          notifications.map((item) => (
            <NotificationItem key={item.id} notification={item} onMarkAsRead={onMarkAsRead} />
          ))
        )}
      </div>
    </div>
  );
}
