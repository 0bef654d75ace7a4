import type { EmployeeReportItem } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { formatMoney } from "../../../shared/format";
import { EMPLOYEE_REPORT_EXCEL, useEmployeeReport } from "../api/get-employee-report";
import { useReportParams } from "../hooks/use-report-params";
import { RouteFilter, SupplierFilter } from "./report-filters";
import { ReportLayout } from "./report-layout";

const orDash = (value: string | null) => value ?? "—";

const columns: TableColumnsType<EmployeeReportItem> = [
  { title: "Código", dataIndex: "codeEmployee" },
  { title: "Colaborador", key: "name", render: (_, row) => `${row.name} ${row.lastname}`.trim() },
  { title: "Departamento", dataIndex: "department", render: orDash },
  { title: "Sucursal", dataIndex: "branchOfficeName", render: orDash },
  { title: "Viajes", dataIndex: "trips", align: "right" },
  { title: "Servicios cancelados", dataIndex: "canceledServices", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
];

/** Reporte Colaboradores: each collaborator's share of the trips' cost (GET Employee/report). */
export function CollaboratorReport() {
  const report = useReportParams(["supplierName", "routeName"]);
  const query = useEmployeeReport(report.request);
  const data = query.data?.data;
  return (
    <ReportLayout<EmployeeReportItem>
      title="Reporte Colaboradores"
      report={report}
      columns={columns}
      rows={data?.items}
      total={query.data?.amount}
      totals={[
        { label: "Costo total", value: data && formatMoney(data.total) },
        { label: "Colaboradores", value: data?.amountCollaborators },
      ]}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="employeeId"
      searchPlaceholder="Buscar colaborador"
      filters={
        <>
          <SupplierFilter report={report} />
          <RouteFilter report={report} />
        </>
      }
      excel={EMPLOYEE_REPORT_EXCEL}
    />
  );
}
