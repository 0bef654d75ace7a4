import type { Notification } from "@treiber/contract";
import { Alert, Badge, Button, Empty, Flex, Spin, Typography } from "antd";
import { NOTIFICATION_PANEL_MAX_HEIGHT } from "../../../shared/constants";
import { useNow } from "../../../shared/hooks/use-now";
import { NotificationItem } from "./notification-item";

export const EMPTY_NOTIFICATIONS_MESSAGE = "No tienes notificaciones";

export interface NotificationPanelProps {
  notifications: Notification[];
  onMarkAsRead: (id: number) => void;
  onMarkAllAsRead: () => void;
  /** First load in progress. */
  loading?: boolean;
  /** The last load failed (and there is nothing to show). */
  error?: boolean;
  onRetry?: () => void;
}

/** Dropdown content: header, unread badge, 'Marcar como leídos', scrolling list (max 500px). */
export function NotificationPanel({
  notifications,
  onMarkAsRead,
  onMarkAllAsRead,
  loading = false,
  error = false,
  onRetry,
}: NotificationPanelProps) {
  const now = useNow();
  const hasItems = notifications.length > 0;
  return (
    <div
      data-testid="notification-panel"
      style={{
        width: "min(360px, calc(100vw - 24px))",
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
          <Badge
            count={notifications.length}
            showZero
            overflowCount={99}
            color="#1b5e20"
            data-testid="notification-count"
          />
        </Flex>
        {hasItems ? (
          <Typography.Link onClick={onMarkAllAsRead} data-testid="notification-mark-all">
            Marcar como leídos
          </Typography.Link>
        ) : (
          <Typography.Text type="secondary">Marcar como leídos</Typography.Text>
        )}
      </Flex>
      <div
        style={{ maxHeight: NOTIFICATION_PANEL_MAX_HEIGHT, overflowY: "auto" }}
        data-testid="notification-scroll"
      >
        {hasItems ? (
          notifications.map((item) => (
            <NotificationItem key={item.id} notification={item} onMarkAsRead={onMarkAsRead} now={now} />
          ))
        ) : loading ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin aria-label="Cargando notificaciones" />
          </Flex>
        ) : error ? (
          <Alert
            type="error"
            showIcon
            style={{ margin: 16 }}
            message="No se pudieron cargar las notificaciones"
            action={
              onRetry && (
                <Button size="small" onClick={onRetry}>
                  Reintentar
                </Button>
              )
            }
          />
        ) : (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={EMPTY_NOTIFICATIONS_MESSAGE}
            style={{ padding: 16 }}
          />
        )}
      </div>
    </div>
  );
}
