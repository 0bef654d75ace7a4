import { Flex, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import { DateRangeFilter } from "./date-range-filter";
import { SearchBox } from "./search-box";
import { TableBody } from "./table-body";
import type { TableParamsState } from "./use-table-params";

export const EMPTY_TABLE_MESSAGE = "No hay registros";

export interface PagedTableProps<T> {
  table: TableParamsState;
  columns: TableColumnsType<T>;
  rows: T[] | undefined;
  total: number | undefined;
  loading: boolean;
  error: unknown;
  onRetry?: () => void;
  rowKey: keyof T & string;
  searchPlaceholder?: string;
  /** Shows the search box (default); lists the API cannot search hide it. */
  searchable?: boolean;
  /** Shows the date-range filter (rows with a creation date). */
  dateFilter?: boolean;
  /** The list's own filters (e.g. a branch office select), after the search box. */
  filters?: ReactNode;
  /** Extra toolbar content, e.g. the create button. */
  actions?: ReactNode;
  /** The row's details that do not fit in the columns, shown by expanding the row (`RowDetails`). */
  details?: (row: T) => ReactNode;
}

/**
 * The paged list of every management page: search, optional date range, sorting and page kept in
 * the URL; the total; the details of a row in its expanded row.
 */
export function PagedTable<T extends object>({
  table,
  columns,
  rows,
  total,
  loading,
  error,
  onRetry,
  rowKey,
  searchPlaceholder,
  searchable = true,
  dateFilter = false,
  filters,
  actions,
  details,
}: PagedTableProps<T>) {
  const { params, pageSize } = table;
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} wrap justify="space-between" align="center">
        {/* Grows to its line: once the actions wrap below, the filters keep one line if they fit. */}
        <Flex gap={12} wrap align="center" style={{ flex: "1 1 auto" }}>
          {searchable && (
            <SearchBox
              value={params.criterion}
              onSearch={table.setCriterion}
              placeholder={searchPlaceholder}
            />
          )}
          {filters}
          {dateFilter && (
            <DateRangeFilter
              sinceDate={params.sinceDate}
              untilDate={params.untilDate}
              onChange={table.setDateRange}
            />
          )}
        </Flex>
        {actions}
      </Flex>
      <TableBody<T>
        columns={columns}
        rowKey={rowKey}
        emptyText={EMPTY_TABLE_MESSAGE}
        rows={rows}
        total={total}
        page={params.page}
        pageSize={pageSize}
        loading={loading}
        error={error}
        onRetry={onRetry}
        onPageChange={table.setPage}
        sort={
          params.sortBy && params.sortOrder
            ? { sortBy: params.sortBy, sortOrder: params.sortOrder }
            : undefined
        }
        onSortChange={table.setSort}
        details={details}
      />
    </Flex>
  );
}
