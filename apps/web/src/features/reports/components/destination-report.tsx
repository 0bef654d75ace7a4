import { formatMoney } from "../../../shared/format";
import { ROUTE_REPORT_EXCEL, useRouteReport } from "../api/get-route-report";
import { useReportParams } from "../hooks/use-report-params";
import { DestinationFilter, SupplierFilter } from "./report-filters";
import { ReportLayout } from "./report-layout";
import { type RouteReportRow, routeReportColumns, toRouteReportRows } from "./route-report-columns";

/** Reporte por destino: cost of the routes to a destination (GET Route/report with destinationId). */
export function DestinationReport() {
  const report = useReportParams(["destinationId", "supplierName"]);
  const query = useRouteReport(report.request);
  const data = query.data?.data;
  return (
    <ReportLayout<RouteReportRow>
      title="Reporte por destino"
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
          <DestinationFilter report={report} />
          <SupplierFilter report={report} />
        </>
      }
      excel={ROUTE_REPORT_EXCEL}
    />
  );
}
