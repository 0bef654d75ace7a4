import { MenuOutlined } from "@ant-design/icons";
import type { Session } from "@treiber/client";
import { isAdministrator } from "@treiber/client";
import { Button, Flex, Layout } from "antd";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { useHubConnection } from "../shared/realtime";
import { isSupplierUser } from "../shared/session/portal-role";
import { UserMenu } from "./user-menu";

export interface TopBarProps {
  session: Session;
  isMobile: boolean;
  onOpenMenu: () => void;
}

export function TopBar({ session, isMobile, onOpenMenu }: TopBarProps) {
  const administrator = isAdministrator(session.roles);
  // The signed-in layout keeps the real-time hub connected (notifications, live map, trip detail).
  useHubConnection();
  return (
    <Layout.Header
      style={{
        background: "#fff",
        padding: isMobile ? "0 12px" : "0 24px",
        borderBottom: "1px solid #f0f0f0",
        position: "sticky",
        top: 0,
        zIndex: 10,
      }}
    >
      <Flex align="center" justify="space-between" style={{ height: "100%" }}>
        {isMobile ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="Abrir menú"
            onClick={onOpenMenu}
            data-testid="burger"
          />
        ) : (
          <span />
        )}
        <Flex align="center" gap={isMobile ? 8 : 20}>
          {/* A supplier's user gets their own notices too (issue 37: the expiry digest). */}
          {administrator || isSupplierUser(session) ? <NotificationBell /> : null}
          <UserMenu session={session} isAdministrator={administrator} compact={isMobile} />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
