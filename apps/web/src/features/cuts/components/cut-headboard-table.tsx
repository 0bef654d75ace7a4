import type { CutHeadboardItem } from "@treiber/contract";
import { type TableColumnsType, Tag } from "antd";
import { formatDate, formatMoney, formatTime } from "../../../shared/format";
import { SupplierFilter } from "../../reports/components/report-filters";
import { ReportBody } from "../../reports/components/report-layout";
import type { ReportParamsState } from "../../reports/hooks/use-report-params";
import { CUT_HEADBOARD_EXCEL, useCutHeadboard } from "../api/get-cut-headboard";

const columns: TableColumnsType<CutHeadboardItem> = [
  { title: "Corte", dataIndex: "cutId", align: "right" },
  { title: "Fecha", dataIndex: "startedAt", key: "date", render: (value: string) => formatDate(value) },
  { title: "Hora", dataIndex: "startedAt", key: "time", render: (value: string) => formatTime(value) },
  { title: "Ruta", dataIndex: "routeName" },
  {
    title: "Tipo",
    dataIndex: "kind",
    render: (value: CutHeadboardItem["kind"]) =>
      value === "scheduled" ? <Tag>Programada</Tag> : <Tag color="blue">No programada</Tag>,
  },
  { title: "Chofer", dataIndex: "driverName" },
  { title: "Suplidor", dataIndex: "supplierName" },
  { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
  { title: "Costo", dataIndex: "cost", align: "right", render: (value: number) => formatMoney(value) },
];

/** Cut detail: one row per trip (GET Cut/Headboard). */
export function CutHeadboardTable({ report }: { report: ReportParamsState }) {
  const query = useCutHeadboard(report.request);
  const data = query.data?.data;
  return (
    <ReportBody<CutHeadboardItem>
      report={report}
      columns={columns}
      rows={data?.items}
      total={query.data?.amount}
      totals={[
        { label: "Total", value: data && formatMoney(data.total) },
        { label: "Viajes", value: query.data?.amount },
        { label: "Colaboradores", value: data?.amountCollaborators },
      ]}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="intermediateRouteId"
      searchPlaceholder="Buscar ruta o chofer"
      filters={<SupplierFilter report={report} />}
      excel={{ ...CUT_HEADBOARD_EXCEL, label: "Exportar detalle" }}
    />
  );
}
