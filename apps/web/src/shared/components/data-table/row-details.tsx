import { Descriptions } from "antd";
import type { ReactNode } from "react";

export interface RowDetail {
  label: string;
  value: ReactNode;
}

/**
 * The details of a list row that do not fit in its columns, shown when the row is expanded (the
 * one pattern of every list): label and value pairs; empty values read "—".
 */
export function RowDetails({ items }: { items: RowDetail[] }) {
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 3 }}
      items={items.map(({ label, value }) => ({
        key: label,
        label,
        children: value === null || value === undefined || value === "" ? "—" : value,
      }))}
    />
  );
}
