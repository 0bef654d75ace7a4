import { formatDate, formatMoney, formatTime } from "@treiber/client/format";
import { ROUTE_NOT_SCHEDULED_REPORT_PAGE_SIZE, type RouteNotScheduledReportItem } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import {
  ROUTE_NOT_SCHEDULED_REPORT_EXCEL,
  useRouteNotScheduledReport,
} from "../api/get-route-not-scheduled-report";
import { useReportParams } from "../hooks/use-report-params";
import { reportQueryProps } from "../lib/report-query-props";
import { TOTAL_CAPTIONS } from "../lib/total-captions";
import { DriverFilter, SupplierFilter } from "./report-filters";
import { ReportBody } from "./report-layout";

const columns: TableColumnsType<RouteNotScheduledReportItem> = [
  { title: "Fecha", dataIndex: "startedAt", key: "date", render: (value: string) => formatDate(value) },
  { title: "Hora", dataIndex: "startedAt", key: "time", render: (value: string) => formatTime(value) },
  { title: "Ruta no programada", dataIndex: "name" },
  { title: "Destino", dataIndex: "destinationName", render: (value: string | null) => value ?? "—" },
  { title: "Chofer", dataIndex: "driverName" },
  { title: "Suplidor", dataIndex: "supplierName" },
  { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
  {
    title: "Costo por colaborador",
    dataIndex: "costPerCollaborator",
    align: "right",
    render: (value: number | null) => (value === null ? "—" : formatMoney(value)),
  },
];

/** Trips of the not-scheduled routes in the range, 3 per page (GET RouteNotScheduled/report). */
export function RouteNotScheduledReport() {
  const report = useReportParams(["supplierName", "driverId"], ROUTE_NOT_SCHEDULED_REPORT_PAGE_SIZE);
  const query = useRouteNotScheduledReport(report.request);
  const data = query.data?.data;
  return (
    <ReportBody<RouteNotScheduledReportItem>
      report={report}
      columns={columns}
      {...reportQueryProps(query)}
      totals={[
        {
          label: "Costo total",
          value: data && formatMoney(data.total),
          caption: TOTAL_CAPTIONS.notScheduledCost,
        },
        { label: "Colaboradores", value: data?.amountCollaborator, caption: TOTAL_CAPTIONS.boardings },
        { label: "Viajes", value: query.data?.amount, caption: TOTAL_CAPTIONS.notScheduledTrips },
      ]}
      rowKey="intermediateRouteId"
      searchPlaceholder="Buscar ruta no programada"
      filters={
        <>
          <SupplierFilter report={report} />
          <DriverFilter report={report} />
        </>
      }
      excel={ROUTE_NOT_SCHEDULED_REPORT_EXCEL}
    />
  );
}
