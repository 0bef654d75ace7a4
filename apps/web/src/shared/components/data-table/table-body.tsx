import { Empty, Table, type TableColumnsType } from "antd";
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
  return (
    <>
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
    </>
  );
}
