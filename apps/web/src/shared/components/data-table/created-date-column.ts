import { formatDate } from "@treiber/client/format";
import type { TableColumnType } from "antd";

/** "Fecha de creación": the row's creation date (DD/MM/yyyy), sortable. */
export function createdDateColumn<T>(): TableColumnType<T> {
  return {
    title: "Fecha de creación",
    dataIndex: "createdDate",
    width: 150,
    sorter: true,
    render: (value: string) => formatDate(value),
  };
}
