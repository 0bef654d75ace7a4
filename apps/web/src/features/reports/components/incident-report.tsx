import { formatNumber } from "@treiber/client/format";
import {
  INCIDENT_SEVERITY,
  INCIDENT_SEVERITY_LABELS,
  type IncidentReportDriver,
  type IncidentReportQuery,
  type IncidentReportResponse,
  type IncidentReportRoute,
  type IncidentReportSupplier,
  type IncidentReportType,
  REPORT_PAGE_SIZE,
} from "@treiber/contract";
import { Card, Flex, Select, Table, type TableColumnsType, Tabs, Typography } from "antd";
import { useMemo } from "react";
import { DateRangeFilter } from "../../../shared/components/data-table";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { ExcelDownloadButton } from "../../../shared/components/excel-download";
import { IncidentTypeTag } from "../../../shared/components/incident-type-tag";
import { PageSection } from "../../../shared/components/page-section";
import { useBranchOfficeNames } from "../../../shared/lookups/list-branch-office-names";
import { useSupplierNames } from "../../../shared/lookups/list-supplier-names";
import { useIsSupplierUser } from "../../../shared/session/portal-role";
import { INCIDENT_REPORT_EXCEL, useIncidentReport } from "../api/get-incident-report";
import { type ReportParamsState, useReportParams } from "../hooks/use-report-params";
import { formatOnTime, typeBreakdown } from "../lib/incident-report-format";
import { ScheduleReportButton } from "../schedules/components/schedule-report-button";
import { IncidentReportList } from "./incident-report-list";
import { ReportTotals } from "./report-totals";

/** What "a tiempo" means, shown under the report's totals (docs/back-office.md). */
export const ON_TIME_CAPTION =
  "A tiempo: viajes de rutas con turno de entrada que llegaron al destino (a 150 m o menos, o al terminar) " +
  "a más tardar a la hora del turno más el umbral de retraso de la sucursal (10 min por defecto).";

type Figures = IncidentReportSupplier;

const figureColumns = <T extends Omit<Figures, "supplierId" | "supplierName">>(): TableColumnsType<T> => [
  { title: "Viajes", dataIndex: "trips", width: 80, align: "right" },
  { title: "Con llegada planificada", dataIndex: "tripsWithArrival", width: 110, align: "right" },
  { title: "A tiempo", dataIndex: "onTimeTrips", width: 90, align: "right" },
  {
    title: "Puntualidad",
    dataIndex: "onTimePercent",
    width: 110,
    align: "right",
    render: (value: number | null) => formatOnTime(value),
  },
  { title: "Incidencias", dataIndex: "incidents", width: 100, align: "right" },
  {
    title: "Tipos",
    key: "byType",
    render: (_: unknown, row) => typeBreakdown(row.byType) || "—",
  },
];

const supplierColumns: TableColumnsType<IncidentReportSupplier> = [
  { title: "Suplidor", dataIndex: "supplierName", width: 200 },
  ...figureColumns<IncidentReportSupplier>(),
];
const driverColumns: TableColumnsType<IncidentReportDriver> = [
  {
    title: "Chofer · Suplidor",
    dataIndex: "driverName",
    width: 200,
    render: (value: string, row) => (
      <>
        {value}
        <br />
        <Typography.Text type="secondary">{row.supplierName}</Typography.Text>
      </>
    ),
  },
  ...figureColumns<IncidentReportDriver>(),
];
const routeColumns: TableColumnsType<IncidentReportRoute> = [
  { title: "Ruta", dataIndex: "routeName", width: 200 },
  ...figureColumns<IncidentReportRoute>(),
];
const typeColumns: TableColumnsType<IncidentReportType> = [
  {
    title: "Tipo",
    dataIndex: "type",
    render: (_: unknown, row) => <IncidentTypeTag type={row.type} />,
  },
  {
    title: "Severidad",
    key: "severity",
    render: (_: unknown, row) => INCIDENT_SEVERITY_LABELS[INCIDENT_SEVERITY[row.type]],
  },
  { title: "Incidencias", dataIndex: "incidents", align: "right" },
  { title: "Viajes afectados", dataIndex: "trips", align: "right" },
  { title: "Sin cerrar", dataIndex: "unclosed", align: "right" },
  {
    title: "Minutos abierta (promedio)",
    dataIndex: "averageMinutes",
    align: "right",
    render: (value: number | null) => (value === null ? "—" : formatNumber(value)),
  },
];

const ALL = "";
const selectStyle = { minWidth: 200 } as const;

function IdFilter({
  report,
  name,
  label,
  allLabel,
  options,
  loading,
}: {
  report: Pick<ReportParamsState, "filters" | "setFilter">;
  name: "branchOfficeId" | "supplierId";
  label: string;
  allLabel: string;
  options: { id: number; name: string }[] | undefined;
  loading: boolean;
}) {
  return (
    <Select
      aria-label={label}
      showSearch={{ optionFilterProp: "label" }}
      style={selectStyle}
      loading={loading}
      value={report.filters[name] ?? ALL}
      onChange={(value: string) => report.setFilter(name, value || undefined)}
      options={[
        { value: ALL, label: allLabel },
        ...(options ?? []).map((option) => ({ value: String(option.id), label: option.name })),
      ]}
    />
  );
}

function GroupTable<T extends object>({
  rows,
  columns,
  rowKey,
  loading,
}: {
  rows: T[] | undefined;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
  loading: boolean;
}) {
  return (
    <Table<T>
      size="small"
      rowKey={rowKey}
      columns={columns}
      dataSource={rows}
      loading={loading}
      scroll={{ x: true }}
      pagination={{ pageSize: REPORT_PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: "No hay incidencias ni viajes en el período" }}
    />
  );
}

/** The report's totals: on time, trips, incidents. */
function IncidentTotals({ data, loading }: { data: IncidentReportResponse | undefined; loading: boolean }) {
  return (
    <ReportTotals
      loading={loading}
      totals={[
        {
          label: "Puntualidad",
          value: data && formatOnTime(data.totals.onTimePercent),
          caption: ON_TIME_CAPTION,
        },
        {
          label: "Viajes a tiempo",
          value: data && `${data.totals.onTimeTrips} de ${data.totals.tripsWithArrival}`,
          caption: "Viajes con llegada planificada al lugar de trabajo (turnos de entrada).",
        },
        {
          label: "Viajes",
          value: data?.totals.trips,
          caption: "Viajes finalizados en el rango (por su fin).",
        },
        {
          label: "Incidencias",
          value: data?.totals.incidents,
          caption: "Incidencias abiertas en el rango.",
        },
      ]}
    />
  );
}

/** The figures per supplier, driver, route and type, one tab each. */
function GroupTabs({ data, loading }: { data: IncidentReportResponse | undefined; loading: boolean }) {
  return (
    <Card>
      <Tabs
        items={[
          {
            key: "suppliers",
            label: "Puntualidad por suplidor",
            children: (
              <GroupTable
                rows={data?.suppliers}
                columns={supplierColumns}
                rowKey="supplierId"
                loading={loading}
              />
            ),
          },
          {
            key: "drivers",
            label: "Por chofer",
            children: (
              <GroupTable rows={data?.drivers} columns={driverColumns} rowKey="driverId" loading={loading} />
            ),
          },
          {
            key: "routes",
            label: "Por ruta",
            children: (
              <GroupTable rows={data?.routes} columns={routeColumns} rowKey="routeId" loading={loading} />
            ),
          },
          {
            key: "types",
            label: "Por tipo",
            children: <GroupTable rows={data?.types} columns={typeColumns} rowKey="type" loading={loading} />,
          },
        ]}
      />
    </Card>
  );
}

/**
 * Reporte de incidencias (issue 25): on-time performance and incidents per supplier first, then by
 * driver, route and type (GET Incident/report); below, every incident of the period with who
 * attended it, the note and minutes open (GET Incident/report/incidents, issue 33); its Excel with a
 * sheet per grouping and the sheet «Incidencias». A supplier's user (issue 37) gets their own
 * figures from the server, so without the branch office and supplier filters.
 */
export function IncidentReport() {
  const report = useReportParams(["branchOfficeId", "supplierId"], REPORT_PAGE_SIZE);
  const supplierUser = useIsSupplierUser();
  const branchOffices = useBranchOfficeNames(!supplierUser);
  const suppliers = useSupplierNames(!supplierUser);
  const query: IncidentReportQuery = useMemo(
    () => ({
      sinceDate: report.request.sinceDate,
      untilDate: report.request.untilDate,
      branchOfficeId: report.filters.branchOfficeId ? Number(report.filters.branchOfficeId) : undefined,
      supplierId: report.filters.supplierId ? Number(report.filters.supplierId) : undefined,
    }),
    [report.request.sinceDate, report.request.untilDate, report.filters],
  );
  const result = useIncidentReport(query);
  const data = result.data;
  const loading = result.isFetching;
  return (
    <PageSection title="Reporte de incidencias">
      <Flex vertical gap={16}>
        <Flex gap={12} wrap justify="space-between" align="flex-start">
          <Flex gap={12} wrap>
            <DateRangeFilter
              sinceDate={report.table.params.sinceDate}
              untilDate={report.table.params.untilDate}
              onChange={report.table.setDateRange}
            />
            {supplierUser ? null : (
              <IdFilter
                report={report}
                name="branchOfficeId"
                label="Sucursal"
                allLabel="Todas las sucursales"
                options={branchOffices.data}
                loading={branchOffices.isFetching}
              />
            )}
            {supplierUser ? null : (
              <IdFilter
                report={report}
                name="supplierId"
                label="Suplidor"
                allLabel="Todos los suplidores"
                options={suppliers.data}
                loading={suppliers.isFetching}
              />
            )}
          </Flex>
          <Flex gap={12} wrap align="flex-start">
            <ExcelDownloadButton {...INCIDENT_REPORT_EXCEL} params={query} />
            <ScheduleReportButton excelPath={INCIDENT_REPORT_EXCEL.path} params={query} />
          </Flex>
        </Flex>
        {result.error ? <ErrorAlert error={result.error} onRetry={() => void result.refetch()} /> : null}
        <IncidentTotals data={data} loading={loading} />
        <GroupTabs data={data} loading={loading} />
        <Card title="Incidencias del período">
          <IncidentReportList query={query} table={report.table} />
        </Card>
      </Flex>
    </PageSection>
  );
}
