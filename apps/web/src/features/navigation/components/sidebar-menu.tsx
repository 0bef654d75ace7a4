import type { Role } from "@treiber/contract";
import { Menu, type MenuProps } from "antd";
import { useMemo } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { groupOfKey, type MenuEntry, type MenuLink, selectedMenuKey, visibleMenu } from "../menu-items";
import { MenuIcon } from "./menu-icon";

type MenuItem = Required<MenuProps>["items"][number];

/** A menu item's label is a real link (`<a href>`): it opens in a new tab and its address can be copied. */
const linkLabel = (entry: MenuLink) => <Link to={entry.path}>{entry.label}</Link>;

function toAntdItems(entries: MenuEntry[]): MenuItem[] {
  return entries.map((entry) =>
    entry.type === "link"
      ? {
          key: entry.key,
          label: linkLabel(entry),
          icon: entry.icon ? <MenuIcon name={entry.icon} /> : undefined,
        }
      : {
          key: entry.key,
          label: entry.label,
          icon: <MenuIcon name={entry.icon} />,
          children: entry.children.map((child) => ({ key: child.key, label: linkLabel(child) })),
        },
  );
}

export interface SidebarMenuProps {
  roles: readonly Role[];
  onNavigate?: () => void;
}

/** Inline menu filtered by role; groups expand and collapse on click; items are links. */
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
      onClick={({ key, domEvent }) => {
        // The link navigates by itself; a keyboard activation of the item (Enter) does not reach it.
        const onLink = domEvent.target instanceof Element && domEvent.target.closest("a[href]") !== null;
        if (!onLink) void navigate(key);
        onNavigate?.();
      }}
    />
  );
}
