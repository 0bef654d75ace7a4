import { Card, Flex, type TableColumnsType } from "antd";
import type { ReactNode } from "react";
import { PagedTable } from "../../../shared/components/data-table";
import { ExcelDownloadButton } from "../../../shared/components/excel-download";
import { PageSection } from "../../../shared/components/page-section";
import type { ReportParamsState } from "../hooks/use-report-params";
import { ScheduleReportButton } from "../schedules/components/schedule-report-button";
import { type ReportTotal, ReportTotals } from "./report-totals";

export interface ReportBodyProps<T> {
  /** The URL-bound table state and the request (also the Excel export's query). */
  report: Pick<ReportParamsState, "table"> & { request: object };
  /** Shows the date range (default); one cut's lists have the cut's period instead. */
  dateFilter?: boolean;
  columns: TableColumnsType<T>;
  rows: T[] | undefined;
  total: number | undefined;
  totals: ReportTotal[];
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  rowKey: keyof T & string;
  searchPlaceholder: string;
  /** The report's own filters (selects), shown next to the export button. */
  filters?: ReactNode;
  excel: { path: string; fileName: string; label?: string };
}

/** Totals above the paged table; search, range and filters in the URL; Excel export of every row. */
export function ReportBody<T extends object>({
  report,
  columns,
  rows,
  total,
  totals,
  loading,
  error,
  onRetry,
  rowKey,
  searchPlaceholder,
  filters,
  excel,
  dateFilter = true,
}: ReportBodyProps<T>) {
  return (
    <Flex vertical gap={16}>
      <ReportTotals totals={totals} loading={loading} />
      <Card>
        <PagedTable<T>
          table={report.table}
          columns={columns}
          rows={rows}
          total={total}
          loading={loading}
          error={error}
          onRetry={onRetry}
          rowKey={rowKey}
          searchPlaceholder={searchPlaceholder}
          dateFilter={dateFilter}
          actions={
            <Flex gap={12} wrap align="flex-start">
              {filters}
              <ExcelDownloadButton
                path={excel.path}
                fileName={excel.fileName}
                label={excel.label}
                params={report.request}
              />
              <ScheduleReportButton excelPath={excel.path} params={report.request} />
            </Flex>
          }
        />
      </Card>
    </Flex>
  );
}

/** A report page with a single report. */
export function ReportLayout<T extends object>({ title, ...body }: ReportBodyProps<T> & { title: string }) {
  return (
    <PageSection title={title}>
      <ReportBody<T> {...body} />
    </PageSection>
  );
}
