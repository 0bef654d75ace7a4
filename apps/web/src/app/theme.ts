import type { ThemeConfig } from "antd";

export const PRIMARY_COLOR = "#1b5e20";

/** Users who ask their system for less motion get no antd animations (modals, menus, selects). */
const prefersReducedMotion =
  typeof window !== "undefined" && window.matchMedia?.("(prefers-reduced-motion: reduce)").matches === true;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    borderRadius: 8,
    motion: !prefersReducedMotion,
  },
  components: {
    Layout: { siderBg: "#ffffff", headerBg: "#ffffff", headerHeight: 64 },
    Menu: { itemSelectedBg: "#e8f5e9", itemSelectedColor: PRIMARY_COLOR },
  },
};
