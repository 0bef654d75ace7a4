import { formatMoney } from "@treiber/client/format";
import type { BranchOfficeReportItem, EmployeeReportItem } from "@treiber/contract";
import { type TableColumnsType, Tag } from "antd";
import { PageSection } from "../../../shared/components/page-section";
import { BRANCH_OFFICE_REPORT_EXCEL, useBranchOfficeReport } from "../api/get-branch-office-report";
import { EMPLOYEE_REPORT_EXCEL, useEmployeeReport } from "../api/get-employee-report";
import { type ReportParamsState, useReportParams } from "../hooks/use-report-params";
import { reportQueryProps } from "../lib/report-query-props";
import { TOTAL_CAPTIONS } from "../lib/total-captions";
import { NO_SHOW_FLAG_LABEL } from "./booking-report-columns";
import { RouteFilter, SupplierFilter } from "./report-filters";
import { ReportBody } from "./report-layout";
import { ReportTabs } from "./report-tabs";

const orDash = (value: string | null) => value ?? "—";
const FILTERS = ["supplierName", "routeName"] as const;

const employeeColumns: TableColumnsType<EmployeeReportItem> = [
  { title: "Código", dataIndex: "codeEmployee" },
  {
    title: "Colaborador",
    key: "name",
    render: (_, row) => (
      <>
        {`${row.name} ${row.lastname}`.trim()}
        {row.flagged ? (
          <>
            {" "}
            <Tag color="red">{NO_SHOW_FLAG_LABEL}</Tag>
          </>
        ) : null}
      </>
    ),
  },
  { title: "Departamento", dataIndex: "department", render: orDash },
  { title: "Sucursal", dataIndex: "branchOfficeName", render: orDash },
  { title: "Viajes", dataIndex: "trips", align: "right" },
  { title: "Servicios cancelados", dataIndex: "canceledServices", align: "right" },
  // Issue 35: «Ausente» at the stop on the period's service dates.
  { title: "Ausencias", dataIndex: "noShows", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
];

const branchOfficeColumns: TableColumnsType<BranchOfficeReportItem> = [
  { title: "Sucursal", dataIndex: "name" },
  { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
  { title: "Viajes", dataIndex: "trips", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
];

/** The collaborators' filters: supplier and route. */
function CollaboratorFilters({ report }: { report: ReportParamsState }) {
  return (
    <>
      <SupplierFilter report={report} />
      <RouteFilter report={report} />
    </>
  );
}

/** The collaborators' cost and how many collaborators it covers (`collaboratorsCaption`). */
const costTotals = (
  data: { total: number; amountCollaborators: number } | undefined,
  collaboratorsCaption: string,
) => [
  { label: "Costo total", value: data && formatMoney(data.total), caption: TOTAL_CAPTIONS.collaboratorsCost },
  { label: "Colaboradores", value: data?.amountCollaborators, caption: collaboratorsCaption },
];

/** Each collaborator's share of the trips' cost (GET Employee/report). */
function EmployeeReport() {
  const report = useReportParams(FILTERS);
  const query = useEmployeeReport(report.request);
  return (
    <ReportBody<EmployeeReportItem>
      report={report}
      columns={employeeColumns}
      {...reportQueryProps(query)}
      totals={costTotals(query.data?.data, TOTAL_CAPTIONS.distinctCollaborators)}
      rowKey="employeeId"
      searchPlaceholder="Buscar colaborador"
      filters={<CollaboratorFilters report={report} />}
      excel={EMPLOYEE_REPORT_EXCEL}
    />
  );
}

/** The collaborators' cost by branch office (GET BranchOffice/report). */
function BranchOfficeReport() {
  const report = useReportParams(FILTERS);
  const query = useBranchOfficeReport(report.request);
  return (
    <ReportBody<BranchOfficeReportItem>
      report={report}
      columns={branchOfficeColumns}
      {...reportQueryProps(query)}
      totals={[
        ...costTotals(query.data?.data, TOTAL_CAPTIONS.branchCollaborators),
        { label: "Sucursales", value: query.data?.amount, caption: TOTAL_CAPTIONS.branchOffices },
      ]}
      rowKey="branchOfficeId"
      searchPlaceholder="Buscar sucursal"
      filters={<CollaboratorFilters report={report} />}
      excel={BRANCH_OFFICE_REPORT_EXCEL}
    />
  );
}

/** Reporte Colaboradores: cost per collaborator and per branch office. */
export function CollaboratorReport() {
  return (
    <PageSection title="Reporte Colaboradores">
      <ReportTabs
        tabs={[
          { key: "collaborators", label: "Colaboradores", render: () => <EmployeeReport /> },
          { key: "branchOffices", label: "Por sucursal", render: () => <BranchOfficeReport /> },
        ]}
      />
    </PageSection>
  );
}
