import { formatDate, formatKm, formatMoney, formatShortTime } from "@treiber/client/format";
import { type CutHeadboardItem, INCIDENT_TYPE_LABELS } from "@treiber/contract";
import { Button, type TableColumnsType, Tag, Typography } from "antd";
import type { ReactNode } from "react";
import { SupplierFilter } from "../../components/report-filters";
import { ReportBody } from "../../components/report-layout";
import { TOTAL_CAPTIONS } from "../../lib/total-captions";
import { CUT_HEADBOARD_EXCEL, useCutHeadboard } from "../api/get-cut-headboard";
import type { CutReportParams } from "../hooks/use-cut-report-params";

type LineAction = (line: CutHeadboardItem) => ReactNode;

function detailColumns(
  onOpenTrip: (tripId: number) => void,
  renderLineAction?: LineAction,
): TableColumnsType<CutHeadboardItem> {
  const dispute: TableColumnsType<CutHeadboardItem> = renderLineAction
    ? [{ title: "Disputa", key: "dispute", width: 110, render: (_: unknown, row) => renderLineAction(row) }]
    : [];
  return [
    {
      title: "Fin",
      dataIndex: "endedAt",
      width: 120,
      render: (value: string) => (
        <>
          {formatDate(value)}
          <br />
          <Typography.Text type="secondary">{formatShortTime(value)}</Typography.Text>
        </>
      ),
    },
    {
      title: "Ruta",
      dataIndex: "routeName",
      width: 190,
      ellipsis: { showTitle: true },
      render: (value: string, row) =>
        row.kind === "scheduled" ? (
          value
        ) : (
          <>
            <Tag color="blue">No programada</Tag>
            {value}
          </>
        ),
    },
    {
      title: "Chofer · Suplidor",
      dataIndex: "driverName",
      width: 180,
      ellipsis: { showTitle: true },
      render: (value: string, row) => (
        <>
          {value}
          <br />
          <Typography.Text type="secondary">{row.supplierName}</Typography.Text>
        </>
      ),
    },
    { title: "Colab.", dataIndex: "collaborators", width: 72, align: "right" },
    {
      title: "Km",
      dataIndex: "km",
      width: 80,
      align: "right",
      render: (value: number) => formatKm(value, 1),
    },
    {
      title: "Costo",
      dataIndex: "cost",
      width: 84,
      align: "right",
      render: (value: number) => formatMoney(value),
    },
    {
      title: "Incidencias",
      dataIndex: "incidents",
      width: 150,
      render: (value: number, row) =>
        value === 0 ? (
          <Typography.Text type="secondary">0</Typography.Text>
        ) : (
          <>
            {value}
            <br />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.incidentTypes.map((type) => INCIDENT_TYPE_LABELS[type]).join(", ")}
            </Typography.Text>
          </>
        ),
    },
    ...dispute,
    {
      title: "Hoja",
      key: "sheet",
      width: 96,
      fixed: "right",
      render: (_: unknown, row) => (
        <Button size="small" type="link" onClick={() => onOpenTrip(row.intermediateRouteId)}>
          Ver viaje
        </Button>
      ),
    },
  ];
}

/**
 * One cut's detail: one row per billed trip as frozen in the cut (GET Cut/Headboard by cutId); for a
 * supplier's user, each line's dispute action.
 */
export function CutHeadboardTable({
  report,
  onOpenTrip,
  supplierView = false,
  renderLineAction,
}: {
  report: CutReportParams;
  onOpenTrip: (tripId: number) => void;
  supplierView?: boolean;
  renderLineAction?: LineAction;
}) {
  const query = useCutHeadboard(report.request);
  const data = query.data?.data;
  return (
    <ReportBody<CutHeadboardItem>
      report={report}
      dateFilter={false}
      columns={detailColumns(onOpenTrip, renderLineAction)}
      rows={data?.items}
      total={query.data?.amount}
      totals={[
        { label: "Total", value: data && formatMoney(data.total), caption: TOTAL_CAPTIONS.cutCost },
        { label: "Viajes", value: query.data?.amount, caption: TOTAL_CAPTIONS.cutTrips },
        { label: "Colaboradores", value: data?.amountCollaborators, caption: TOTAL_CAPTIONS.boardings },
      ]}
      loading={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      rowKey="intermediateRouteId"
      searchPlaceholder="Buscar ruta o chofer"
      filters={supplierView ? undefined : <SupplierFilter report={report} />}
      excel={{ ...CUT_HEADBOARD_EXCEL, label: "Exportar detalle" }}
    />
  );
}
