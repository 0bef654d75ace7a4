import type { Role } from "@treiber/contract";
import { Menu, type MenuProps } from "antd";
import { useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { groupOfKey, type MenuEntry, selectedMenuKey, visibleMenu } from "../menu-items";
import { MenuIcon } from "./menu-icon";

type MenuItem = Required<MenuProps>["items"][number];

function toAntdItems(entries: MenuEntry[]): MenuItem[] {
  return entries.map((entry) =>
    entry.type === "link"
      ? { key: entry.key, label: entry.label, icon: entry.icon ? <MenuIcon name={entry.icon} /> : undefined }
      : {
          key: entry.key,
          label: entry.label,
          icon: <MenuIcon name={entry.icon} />,
          children: entry.children.map((child) => ({ key: child.key, label: child.label })),
        },
  );
}

export interface SidebarMenuProps {
  roles: readonly Role[];
  onNavigate?: () => void;
}

/** Inline menu filtered by role; groups expand and collapse on click. */
export function SidebarMenu({ roles, onNavigate }: SidebarMenuProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const entries = useMemo(() => visibleMenu(roles), [roles]);
  const items = useMemo(() => toAntdItems(entries), [entries]);
  const selected = selectedMenuKey(pathname, entries);
  const openGroup = groupOfKey(selected, entries);

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={openGroup ? [openGroup] : []}
      style={{ borderInlineEnd: "none" }}
      onClick={({ key }) => {
        void navigate(key);
        onNavigate?.();
      }}
    />
  );
}
