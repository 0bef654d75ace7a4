import type { UseQueryResult } from "@tanstack/react-query";
import { formatMoney } from "@treiber/client/format";
import type { DriverReportItem, DriverReportResponse } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { PageSection } from "../../../shared/components/page-section";
import { DRIVER_REPORT_EXCEL, useDriverReport } from "../api/get-driver-report";
import {
  DRIVER_ROUTE_NOT_SCHEDULED_REPORT_EXCEL,
  useDriverRouteNotScheduledReport,
} from "../api/get-driver-route-not-scheduled-report";
import { type ReportParamsState, useReportParams } from "../hooks/use-report-params";
import { reportQueryProps } from "../lib/report-query-props";
import { TOTAL_CAPTIONS } from "../lib/total-captions";
import { DriverFilter, SupplierFilter } from "./report-filters";
import { ReportBody } from "./report-layout";
import { ReportTabs } from "./report-tabs";

const columns: TableColumnsType<DriverReportItem> = [
  { title: "Chofer", dataIndex: "driverName" },
  { title: "Cédula", dataIndex: "identityCard" },
  { title: "Suplidor", dataIndex: "supplierName" },
  { title: "Viajes", dataIndex: "trips", align: "right" },
  { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
];

const FILTERS = ["supplierName", "driverId"] as const;

function DriverReportBody({
  report,
  query,
  excel,
  costCaption,
}: {
  report: ReportParamsState;
  query: UseQueryResult<DriverReportResponse>;
  excel: { path: string; fileName: string };
  /** What the cost covers: scheduled or not-scheduled routes. */
  costCaption: string;
}) {
  const data = query.data?.data;
  return (
    <ReportBody<DriverReportItem>
      report={report}
      columns={columns}
      {...reportQueryProps(query)}
      totals={[
        { label: "Costo total", value: data && formatMoney(data.total), caption: costCaption },
        { label: "Colaboradores", value: data?.amountCollaborators, caption: TOTAL_CAPTIONS.boardings },
        { label: "Choferes", value: query.data?.amount, caption: TOTAL_CAPTIONS.drivers },
      ]}
      rowKey="driverId"
      searchPlaceholder="Buscar chofer"
      filters={
        <>
          <SupplierFilter report={report} />
          <DriverFilter report={report} />
        </>
      }
      excel={excel}
    />
  );
}

/** Scheduled routes by driver (GET Driver/report). */
function ScheduledDriverReport() {
  const report = useReportParams(FILTERS);
  const query = useDriverReport(report.request);
  return (
    <DriverReportBody
      report={report}
      query={query}
      excel={DRIVER_REPORT_EXCEL}
      costCaption={TOTAL_CAPTIONS.scheduledCost}
    />
  );
}

/** Not-scheduled routes by driver (GET Driver/report/routeNotScheduled). */
function NotScheduledDriverReport() {
  const report = useReportParams(FILTERS);
  const query = useDriverRouteNotScheduledReport(report.request);
  return (
    <DriverReportBody
      report={report}
      query={query}
      excel={DRIVER_ROUTE_NOT_SCHEDULED_REPORT_EXCEL}
      costCaption={TOTAL_CAPTIONS.notScheduledCost}
    />
  );
}

/** Reporte Choferes: trips and cost of each driver in the range, scheduled and not-scheduled routes. */
export function DriverReport() {
  return (
    <PageSection title="Reporte Choferes">
      <ReportTabs
        tabs={[
          { key: "scheduled", label: "Rutas programadas", render: () => <ScheduledDriverReport /> },
          { key: "notScheduled", label: "Rutas no programadas", render: () => <NotScheduledDriverReport /> },
        ]}
      />
    </PageSection>
  );
}
