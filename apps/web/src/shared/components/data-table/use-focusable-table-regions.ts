import { type RefObject, useEffect } from "react";

/**
 * A table wider than its card scrolls sideways: its scroll region takes the keyboard focus (arrow
 * keys scroll it) and has a name. antd renders that region itself, so it is labelled after each render
 * of the element `wrapper` holds.
 */
export function useFocusableTableRegions(wrapper: RefObject<HTMLElement | null>) {
  useEffect(() => {
    for (const region of wrapper.current?.querySelectorAll<HTMLElement>(".ant-table-content") ?? []) {
      region.tabIndex = 0;
      region.setAttribute("role", "region");
      region.setAttribute("aria-label", "Tabla (desplazable con las flechas)");
    }
  });
}
