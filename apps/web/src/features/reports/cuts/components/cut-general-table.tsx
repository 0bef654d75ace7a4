import { formatMoney } from "@treiber/client/format";
import type { CutGeneralItem } from "@treiber/contract";
import type { TableColumnsType } from "antd";
import { SupplierFilter } from "../../components/report-filters";
import { ReportBody } from "../../components/report-layout";
import { TOTAL_CAPTIONS } from "../../lib/total-captions";
import { CUT_GENERAL_EXCEL, useCutGeneral } from "../api/get-cut-general";
import type { CutReportParams } from "../hooks/use-cut-report-params";

const columns: TableColumnsType<CutGeneralItem> = [
  { title: "Suplidor", dataIndex: "supplierName" },
  { title: "Viajes", dataIndex: "trips", align: "right" },
  { title: "Colaboradores", dataIndex: "collaborators", align: "right" },
  { title: "Total", dataIndex: "total", align: "right", render: (value: number) => formatMoney(value) },
];

/** One cut's general: one row per supplier (GET Cut/General by cutId). */
export function CutGeneralTable({
  report,
  supplierView = false,
}: {
  report: CutReportParams;
  /** A supplier's user: their own row only (the server filters), so no supplier filter. */
  supplierView?: boolean;
}) {
  const query = useCutGeneral(report.request);
  const data = query.data?.data;
  return (
    <ReportBody<CutGeneralItem>
      report={report}
      dateFilter={false}
      columns={columns}
      rows={data?.items}
      total={query.data?.amount}
      totals={[
        { label: "Total", value: data && formatMoney(data.total), caption: TOTAL_CAPTIONS.cutCost },
        { label: "Viajes", value: data?.amountTrips, caption: TOTAL_CAPTIONS.cutTrips },
        { label: "Colaboradores", value: data?.amountCollaborators, caption: TOTAL_CAPTIONS.boardings },
        { label: "Suplidores", value: query.data?.amount, caption: TOTAL_CAPTIONS.suppliers },
      ]}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="supplierId"
      searchPlaceholder="Buscar suplidor"
      filters={supplierView ? undefined : <SupplierFilter report={report} />}
      excel={{ ...CUT_GENERAL_EXCEL, label: "Exportar general" }}
    />
  );
}
