import {
  ApiOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BellOutlined,
  CarOutlined,
  NodeIndexOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
  UserOutlined,
} from "@ant-design/icons";
import type { MenuIconName } from "../menu-items";

const ICONS: Record<MenuIconName, typeof AppstoreOutlined> = {
  dashboard: AppstoreOutlined,
  users: UsergroupAddOutlined,
  notifications: BellOutlined,
  collaborators: TeamOutlined,
  routes: NodeIndexOutlined,
  transport: CarOutlined,
  reports: BarChartOutlined,
  integrations: ApiOutlined,
  profile: UserOutlined,
};

export function MenuIcon({ name }: { name: MenuIconName }) {
  const Icon = ICONS[name];
  return <Icon />;
}
