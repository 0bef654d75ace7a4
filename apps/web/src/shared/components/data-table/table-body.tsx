import { Empty, Table, type TableColumnsType } from "antd";
import { useEffect, useRef } from "react";
import { ErrorAlert } from "../error-alert";

/** The state of one page of a list, as its page gives it to the table. */
export interface TablePageProps<T> {
  rows: T[] | undefined;
  total: number | undefined;
  /** 1-based. */
  page: number;
  pageSize: number;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  onPageChange: (page: number) => void;
}

export interface TableBodyProps<T> extends TablePageProps<T> {
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  /** Shown when the page has no rows. */
  emptyText: string;
}

/** The error (with retry), the rows or the empty state, and the pagination of a paged list. */
export function TableBody<T extends object>({
  columns,
  rowKey,
  emptyText,
  rows,
  total,
  page,
  pageSize,
  loading,
  error,
  onRetry,
  onPageChange,
}: TableBodyProps<T>) {
  const wrapper = useRef<HTMLDivElement>(null);
  // A table wider than its card scrolls sideways: its scroll region takes the keyboard focus (arrow
  // keys scroll it) and has a name. antd renders that region itself, so it is labelled after each render.
  useEffect(() => {
    for (const region of wrapper.current?.querySelectorAll<HTMLElement>(".ant-table-content") ?? []) {
      region.tabIndex = 0;
      region.setAttribute("role", "region");
      region.setAttribute("aria-label", "Tabla (desplazable con las flechas)");
    }
  });
  return (
    <div ref={wrapper}>
      {error ? <ErrorAlert error={error} onRetry={onRetry} /> : null}
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={rows ?? []}
        loading={loading}
        scroll={{ x: "max-content" }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        pagination={{
          current: page,
          pageSize,
          total: total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: false,
          onChange: (next) => onPageChange(next),
        }}
      />
    </div>
  );
}
