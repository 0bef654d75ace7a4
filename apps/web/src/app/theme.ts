import type { ThemeConfig } from "antd";

export const PRIMARY_COLOR = "#1b5e20";

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR, colorLink: PRIMARY_COLOR, borderRadius: 8 },
  components: {
    Layout: { siderBg: "#ffffff", headerBg: "#ffffff", headerHeight: 64 },
    Menu: { itemSelectedBg: "#e8f5e9", itemSelectedColor: PRIMARY_COLOR },
  },
};
