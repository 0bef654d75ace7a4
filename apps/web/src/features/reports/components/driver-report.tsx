import type { DriverReportItem } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { formatMoney } from "../../../shared/format";
import { DRIVER_REPORT_EXCEL, useDriverReport } from "../api/get-driver-report";
import { useReportParams } from "../hooks/use-report-params";
import { DriverFilter, SupplierFilter } from "./report-filters";
import { ReportLayout } from "./report-layout";

const columns: TableColumnsType<DriverReportItem> = [
  { title: "Chofer", dataIndex: "driverName" },
  { title: "Cédula", dataIndex: "identityCard" },
  { title: "Suplidor", dataIndex: "supplierName" },
  { title: "Viajes", dataIndex: "trips", align: "right" },
  { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
];

/** Reporte Choferes: trips and cost of each driver in the range (GET Driver/report). */
export function DriverReport() {
  const report = useReportParams(["supplierName", "driverId"]);
  const query = useDriverReport(report.request);
  const data = query.data?.data;
  return (
    <ReportLayout<DriverReportItem>
      title="Reporte Choferes"
      report={report}
      columns={columns}
      rows={data?.items}
      total={query.data?.amount}
      totals={[
        { label: "Costo total", value: data && formatMoney(data.total) },
        { label: "Colaboradores", value: data?.amountCollaborators },
        { label: "Choferes", value: query.data?.amount },
      ]}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="driverId"
      searchPlaceholder="Buscar chofer"
      filters={
        <>
          <SupplierFilter report={report} />
          <DriverFilter report={report} />
        </>
      }
      excel={DRIVER_REPORT_EXCEL}
    />
  );
}
