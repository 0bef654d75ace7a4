import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Dropdown } from "antd";
import { useUnreadNotifications } from "../api/get-unread-notifications";
import { useMarkAllAsRead } from "../api/mark-all-as-read";
import { useMarkAsRead } from "../api/mark-as-read";
import { useRealtimeNotifications } from "../hooks/use-realtime-notifications";
import { NotificationPanel } from "./notification-panel";

/** Bell with a red dot when there are unread notifications; opens the notification dropdown. */
export function NotificationBell() {
  const query = useUnreadNotifications(true);
  const notifications = query.data ?? [];
  const markAsRead = useMarkAsRead();
  const markAllAsRead = useMarkAllAsRead();
  useRealtimeNotifications();

  return (
    <Dropdown
      trigger={["click"]}
      // Centred under the bell, antd shifts the panel sideways into the viewport (at the right
      // edge on a laptop, the whole width on a phone); "bottomRight" could only flip, and on a
      // 390-px phone neither side fits.
      placement="bottom"
      popupRender={() => (
        <NotificationPanel
          notifications={notifications}
          loading={query.isLoading}
          error={query.isError}
          onRetry={() => void query.refetch()}
          onMarkAsRead={(id) => markAsRead.mutate(id)}
          onMarkAllAsRead={() => markAllAsRead.mutate()}
        />
      )}
    >
      <Button type="text" shape="circle" aria-label="Notificaciones" data-testid="notification-bell">
        <Badge
          dot={notifications.length > 0}
          color="red"
          data-testid={notifications.length > 0 ? "notification-dot" : undefined}
        >
          <BellOutlined style={{ fontSize: 20 }} />
        </Badge>
      </Button>
    </Dropdown>
  );
}
