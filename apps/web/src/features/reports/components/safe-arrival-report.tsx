import {
  SAFE_ARRIVAL_STATUS_LABELS,
  SAFE_ARRIVAL_STATUSES,
  type SafeArrivalReportItem,
  type SafeArrivalStatus,
} from "@treiber/contract";
import { Select } from "antd";
import { useMemo } from "react";
import { safeArrivalReport } from "../api/get-safe-arrival-report";
import { type ReportParamsState, useReportParams } from "../hooks/use-report-params";
import { BranchOfficeFilter } from "./report-filters";
import { ReportLayout } from "./report-layout";
import { safeArrivalColumns } from "./safe-arrival-report-columns";

const FILTERS = ["branchOfficeId", "status"] as const;
const ALL = "";

const isStatus = (value: string | undefined): value is SafeArrivalStatus =>
  SAFE_ARRIVAL_STATUSES.includes(value as SafeArrivalStatus);

/** Status filter: 'Todos los estados' or one (sent as status). */
function StatusFilter({ report }: { report: Pick<ReportParamsState, "filters" | "setFilter"> }) {
  const value = report.filters.status;
  return (
    <Select
      aria-label="Estado"
      style={{ minWidth: 180 }}
      value={isStatus(value) ? value : ALL}
      onChange={(next: string) => report.setFilter("status", next || undefined)}
      options={[
        { value: ALL, label: "Todos los estados" },
        ...SAFE_ARRIVAL_STATUSES.map((status) => ({
          value: status,
          label: SAFE_ARRIVAL_STATUS_LABELS[status],
        })),
      ]}
    />
  );
}

/**
 * «Llegadas seguras» (issue 38): the night drops of the range, each with when «¿Llegó bien?» was
 * asked, the rider's «Sí» (from Treiber App or the notification) or the incident opened without
 * one, its outcome and who attended it; by branch office and status, every filter in the URL, and
 * its Excel (ReporteLlegadasSeguras.xlsx) with the same filters.
 */
export function SafeArrivalReport() {
  const report = useReportParams(FILTERS);
  // An unknown status in the URL (hand-edited) is left out, not sent for a 400.
  const request = useMemo(() => {
    const { status, ...rest } = report.request;
    return isStatus(status) ? report.request : rest;
  }, [report.request]);
  const query = safeArrivalReport.useReport(request);
  return (
    <ReportLayout<SafeArrivalReportItem>
      title="Llegadas seguras"
      report={{ table: report.table, request }}
      columns={safeArrivalColumns}
      rows={query.data?.list}
      total={query.data?.amount}
      totals={[
        {
          label: "Bajadas nocturnas",
          value: query.data?.amount,
          caption:
            "Colaboradores que bajaron de un viaje de salida en el horario nocturno de su sucursal, con los filtros elegidos.",
        },
      ]}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="id"
      searchPlaceholder="Buscar colaborador o ruta"
      filters={
        <>
          <BranchOfficeFilter report={report} />
          <StatusFilter report={report} />
        </>
      }
      excel={safeArrivalReport.excel}
    />
  );
}
