import { formatMoney } from "@treiber/client/format";
import { ROUTE_REPORT_EXCEL, useRouteReport } from "../api/get-route-report";
import type { ReportBodyProps } from "../components/report-layout";
import {
  type RouteReportRow,
  routeReportColumns,
  toRouteReportRows,
} from "../components/route-report-columns";
import { TOTAL_CAPTIONS } from "../lib/total-captions";
import { type ReportFilterKey, type ReportParamsState, useReportParams } from "./use-report-params";

/**
 * The body of a route report (GET Route/report) filtered by `keys`: rows, totals (cost,
 * collaborators, routes) and Excel export. The page adds its filter selects.
 */
export function useRouteReportBody(
  keys: readonly ReportFilterKey[],
  costCaption: string = TOTAL_CAPTIONS.scheduledCost,
): Omit<ReportBodyProps<RouteReportRow>, "filters" | "report"> & { report: ReportParamsState } {
  const report = useReportParams(keys);
  const query = useRouteReport(report.request);
  const data = query.data?.data;
  return {
    report,
    columns: routeReportColumns,
    rows: toRouteReportRows(data?.items),
    total: query.data?.amount,
    totals: [
      { label: "Costo total", value: data && formatMoney(data.total), caption: costCaption },
      { label: "Colaboradores", value: data?.amountCollaborator, caption: TOTAL_CAPTIONS.boardings },
      { label: "Rutas", value: query.data?.amount, caption: TOTAL_CAPTIONS.routes },
    ],
    loading: query.isFetching,
    error: query.error,
    onRetry: () => void query.refetch(),
    rowKey: "key",
    searchPlaceholder: "Buscar ruta",
    excel: ROUTE_REPORT_EXCEL,
  };
}
