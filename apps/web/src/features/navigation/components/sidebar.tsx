import type { Role } from "@treiber/contract";
import { Flex } from "antd";
import { Logo } from "../../../shared/components/logo";
import { VersionLabel } from "../../../shared/components/version-label";
import { APP_VERSION } from "../../../shared/constants";
import { SidebarMenu } from "./sidebar-menu";

export interface SidebarProps {
  roles: readonly Role[];
  onNavigate?: () => void;
}

/** Logo, role-filtered menu and the version label at the bottom. */
export function Sidebar({ roles, onNavigate }: SidebarProps) {
  return (
    <Flex vertical style={{ height: "100%" }} data-testid="sidebar">
      <div style={{ padding: "20px 16px" }}>
        <Logo />
      </div>
      <div style={{ flex: 1, overflowY: "auto" }}>
        <SidebarMenu roles={roles} {...(onNavigate ? { onNavigate } : {})} />
      </div>
      <div style={{ padding: 16, textAlign: "center" }}>
        <VersionLabel version={APP_VERSION} />
      </div>
    </Flex>
  );
}
