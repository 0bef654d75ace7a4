import { formatNumber } from "@treiber/client/format";
import { Empty, Grid, Table, type TableColumnsType, type TableColumnType } from "antd";
import type { SortOrder as AntSortOrder } from "antd/es/table/interface";
import { type ReactNode, useMemo, useRef } from "react";
import { ErrorAlert } from "../error-alert";
import { useFocusableTableRegions } from "./use-focusable-table-regions";
import type { TableSort } from "./use-table-params";

/** The state of one page of a list, as its page gives it to the table. */
export interface TablePageProps<T> {
  rows: T[] | undefined;
  total: number | undefined;
  /** 1-based. */
  page: number;
  pageSize: number;
  /** A request is under way: the (possibly stale) rows are shown under the loading sign. */
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
  /** The current sort; columns with `sorter: true` sort by their `key` (or `dataIndex`). */
  sort?: TableSort;
  onSortChange?: (sort: TableSort | undefined) => void;
  /** The row's details that do not fit in the columns, shown by expanding the row. */
  details?: (row: T) => ReactNode;
}

/** Width of the column of the expand buttons (rows with details). */
const EXPAND_COLUMN_WIDTH = 48;

/** "1 registro", "25 registros", "1.234 registros". */
export function countLabel(total: number): string {
  return `${formatNumber(total)} ${total === 1 ? "registro" : "registros"}`;
}

const columnKey = <T,>(column: TableColumnType<T>): string =>
  String(column.key ?? (Array.isArray(column.dataIndex) ? column.dataIndex.join(".") : column.dataIndex));

const toAntOrder = (sort: TableSort | undefined, key: string): AntSortOrder =>
  sort?.sortBy === key ? (sort.sortOrder === "desc" ? "descend" : "ascend") : null;

/**
 * The table's scroll width: the sum of the column widths when every column has one (the table
 * then lays out fixed, so long text is cut with an ellipsis instead of widening its column), or
 * the content's width.
 */
export function scrollWidth<T>(columns: TableColumnsType<T>, expandable: boolean): number | "max-content" {
  let sum = expandable ? EXPAND_COLUMN_WIDTH : 0;
  for (const column of columns) {
    if (typeof column.width !== "number") return "max-content";
    sum += column.width;
  }
  return sum;
}

/**
 * The error (with retry), the rows or the empty state, the total and the pagination of a paged
 * list. While a request is under way the rows stay under the loading sign, and an empty page shows
 * the loading sign alone (never over "No hay registros").
 */
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
  sort,
  onSortChange,
  details,
}: TableBodyProps<T>) {
  const wrapper = useRef<HTMLDivElement>(null);
  useFocusableTableRegions(wrapper);
  // On a phone a column fixed on the right would cover most of the table: it scrolls with the rest.
  const wide = Grid.useBreakpoint().md !== false;
  const sortedColumns = useMemo(
    () =>
      columns.map((column): TableColumnType<T> => {
        const placed = wide || !column.fixed ? column : { ...column, fixed: undefined };
        return placed.sorter
          ? { ...placed, sortOrder: toAntOrder(sort, columnKey(placed)), showSorterTooltip: false }
          : placed;
      }),
    [columns, sort, wide],
  );
  return (
    <div ref={wrapper} aria-busy={loading}>
      {error ? <ErrorAlert error={error} onRetry={onRetry} /> : null}
      <Table<T>
        rowKey={rowKey}
        columns={sortedColumns}
        dataSource={rows ?? []}
        loading={loading}
        size="middle"
        scroll={{ x: scrollWidth(columns, Boolean(details)) }}
        expandable={details ? { expandedRowRender: details, columnWidth: EXPAND_COLUMN_WIDTH } : undefined}
        locale={{
          emptyText: loading ? (
            <div style={{ minHeight: 96 }} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          ),
        }}
        onChange={(_, __, sorter, extra) => {
          if (extra.action !== "sort" || !onSortChange || Array.isArray(sorter)) return;
          const field = Array.isArray(sorter.field) ? sorter.field.join(".") : sorter.field;
          const key = sorter.columnKey ?? field;
          onSortChange(
            sorter.order && key !== undefined
              ? { sortBy: String(key), sortOrder: sorter.order === "descend" ? "desc" : "asc" }
              : undefined,
          );
        }}
        pagination={{
          current: page,
          pageSize,
          total: total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: false,
          showTotal: (count) => <span data-testid="table-total">{countLabel(count)}</span>,
          onChange: (next) => onPageChange(next),
        }}
      />
    </div>
  );
}
