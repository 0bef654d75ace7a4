import { formatMoney } from "../../../shared/format";
import { ROUTE_REPORT_EXCEL, useRouteReport } from "../api/get-route-report";
import { useReportParams } from "../hooks/use-report-params";
import { RouteFilter, SupplierFilter } from "./report-filters";
import { ReportLayout } from "./report-layout";
import { type RouteReportRow, routeReportColumns, toRouteReportRows } from "./route-report-columns";

/** Reporte Rutas: cost of each route in the range (GET Route/report). */
export function RouteReport() {
  const report = useReportParams(["supplierName", "routeName"]);
  const query = useRouteReport(report.request);
  const data = query.data?.data;
  return (
    <ReportLayout<RouteReportRow>
      title="Reporte Rutas"
      report={report}
      columns={routeReportColumns}
      rows={toRouteReportRows(data?.items)}
      total={query.data?.amount}
      totals={[
        { label: "Costo total", value: data && formatMoney(data.total) },
        { label: "Colaboradores", value: data?.amountCollaborator },
        { label: "Rutas", value: query.data?.amount },
      ]}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="key"
      searchPlaceholder="Buscar ruta"
      filters={
        <>
          <SupplierFilter report={report} />
          <RouteFilter report={report} />
        </>
      }
      excel={ROUTE_REPORT_EXCEL}
    />
  );
}
