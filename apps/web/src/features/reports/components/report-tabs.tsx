import { Tabs } from "antd";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";

export interface ReportTab {
  key: string;
  label: string;
  /** Rendered only while its tab is active (each tab reads its own filters from the URL). */
  render: () => ReactNode;
}

const RESET_ON_CHANGE = [
  "tab",
  "page",
  "criterion",
  "supplierName",
  "routeName",
  "driverId",
  "destinationId",
];

/** Tabs of a report page; the active tab is kept in the URL (`tab`), the first one by default. */
export function ReportTabs({ tabs }: { tabs: ReportTab[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const active = tabs.find((tab) => tab.key === requested) ?? tabs[0];

  function change(key: string) {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of RESET_ON_CHANGE) next.delete(name);
        if (key !== tabs[0]?.key) next.set("tab", key);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Tabs
      activeKey={active?.key}
      onChange={change}
      destroyOnHidden
      items={tabs.map((tab) => ({
        key: tab.key,
        label: tab.label,
        children: tab.key === active?.key ? tab.render() : null,
      }))}
    />
  );
}
