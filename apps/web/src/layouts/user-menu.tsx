import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from "@ant-design/icons";
import type { Session } from "@treiber/client";
import { Dropdown, Flex, type MenuProps, Typography } from "antd";
import { useNavigate } from "react-router";
import { useLogout } from "../features/auth/hooks/use-logout";
import { UserAvatar } from "../shared/components/user-avatar";

export interface UserMenuProps {
  session: Session;
  isAdministrator: boolean;
  compact?: boolean;
}

/** Avatar, name, last name and job title; dropdown with 'Perfil' (administrators), 'Cambiar contraseña' and 'Cerrar sesión'. */
export function UserMenu({ session, isAdministrator, compact = false }: UserMenuProps) {
  const navigate = useNavigate();
  const logout = useLogout();
  const { name, lastname, jobTitle, image } = session.user;

  const items: MenuProps["items"] = [
    ...(isAdministrator ? [{ key: "profile", label: "Perfil", icon: <UserOutlined /> }] : []),
    { key: "changePassword", label: "Cambiar contraseña", icon: <KeyOutlined /> },
    { key: "logout", label: "Cerrar sesión", icon: <LogoutOutlined />, danger: true },
  ];

  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "profile") void navigate("/profile");
    if (key === "changePassword") void navigate("/changePassword");
    if (key === "logout") logout();
  };

  return (
    <Dropdown trigger={["click"]} placement="bottomRight" menu={{ items, onClick }}>
      <Flex
        align="center"
        gap={10}
        style={{ cursor: "pointer" }}
        data-testid="user-menu"
        role="button"
        tabIndex={0}
      >
        <UserAvatar name={name} image={image} />
        {compact ? null : (
          <Flex vertical style={{ lineHeight: 1.25 }}>
            <Typography.Text strong data-testid="topbar-user-name">
              {`${name} ${lastname}`.trim()}
            </Typography.Text>
            {jobTitle ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="topbar-job-title">
                {jobTitle}
              </Typography.Text>
            ) : null}
          </Flex>
        )}
        <DownOutlined style={{ fontSize: 10 }} />
      </Flex>
    </Dropdown>
  );
}
