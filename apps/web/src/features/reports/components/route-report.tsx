import { formatMoney } from "../../../shared/format";
import { ROUTE_REPORT_EXCEL, useRouteReport } from "../api/get-route-report";
import { useReportParams } from "../hooks/use-report-params";
import { RouteFilter, SupplierFilter } from "./report-filters";
import { ReportBody, ReportPage } from "./report-layout";
import { ReportTabs } from "./report-tabs";
import { RouteNotScheduledReport } from "./route-not-scheduled-report";
import { type RouteReportRow, routeReportColumns, toRouteReportRows } from "./route-report-columns";

/** Cost of each scheduled route and supplier in the range (GET Route/report). */
function ScheduledRouteReport() {
  const report = useReportParams(["supplierName", "routeName"]);
  const query = useRouteReport(report.request);
  const data = query.data?.data;
  return (
    <ReportBody<RouteReportRow>
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

/** Reporte Rutas: scheduled routes (by route and supplier) and not-scheduled route trips. */
export function RouteReport() {
  return (
    <ReportPage title="Reporte Rutas">
      <ReportTabs
        tabs={[
          { key: "scheduled", label: "Rutas programadas", render: () => <ScheduledRouteReport /> },
          { key: "notScheduled", label: "Rutas no programadas", render: () => <RouteNotScheduledReport /> },
        ]}
      />
    </ReportPage>
  );
}
