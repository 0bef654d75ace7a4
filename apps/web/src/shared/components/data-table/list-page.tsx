import { Card, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import { PageSection } from "../page-section";
import { type ListQuery, listQueryProps } from "./list-query-props";
import { PagedTable } from "./paged-table";
import { type RowDetail, RowDetails } from "./row-details";
import type { TableParamsState } from "./use-table-params";

export interface ListPageProps<T> {
  title: string;
  table: TableParamsState;
  query: ListQuery<T>;
  columns: TableColumnsType<T>;
  searchPlaceholder: string;
  /** The row's details shown when it is expanded. */
  details: (row: T) => RowDetail[];
  /** The list's own filters, after the search box. */
  filters?: ReactNode;
  /** The creation-date filter (default): off for lists the API does not filter by date. */
  dateFilter?: boolean;
  /** The toolbar's actions, e.g. the create button. */
  actions?: ReactNode;
  /** What the page opens over the list: form modals, drawers. */
  children?: ReactNode;
}

/**
 * A management page of the back office: its title over a card with the paged list (search, its own
 * filters, creation-date filter, the details of each row), then what it opens over the list.
 */
export function ListPage<T extends { id: number }>({
  title,
  table,
  query,
  columns,
  searchPlaceholder,
  details,
  filters,
  dateFilter = true,
  actions,
  children,
}: ListPageProps<T>) {
  return (
    <PageSection title={title}>
      <Card>
        <PagedTable<T>
          table={table}
          columns={columns}
          {...listQueryProps(query)}
          rowKey="id"
          searchPlaceholder={searchPlaceholder}
          dateFilter={dateFilter}
          filters={filters}
          details={(row) => <RowDetails items={details(row)} />}
          actions={actions}
        />
      </Card>
      {children}
    </PageSection>
  );
}
