import { formatDateTime, formatMinutes } from "@treiber/client/format";
import {
  INCIDENT_STATUS_LABELS,
  type IncidentReportItem,
  type IncidentReportQuery,
  REPORT_PAGE_SIZE,
} from "@treiber/contract";
import { type TableColumnsType, Typography } from "antd";
import { useMemo } from "react";
import { TableBody, type TableParamsState } from "../../../shared/components/data-table";
import { IncidentTypeTag } from "../../../shared/components/incident-type-tag";
import { safetyCloseText } from "../../../shared/lib/safety-outcome";
import { useIncidentReportList } from "../api/get-incident-report";

export const INCIDENT_LIST_EMPTY = "No hay incidencias en el período";

/** Minutes open as read in the list: 'N mins' / 'N hora y M mins', and whether it is still open. */
export function minutesOpenLabel(item: Pick<IncidentReportItem, "minutesOpen" | "open">): string {
  const span = formatMinutes(item.minutesOpen);
  return item.open ? `${span} (sigue abierta)` : span;
}

const columns: TableColumnsType<IncidentReportItem> = [
  {
    title: "Apertura",
    dataIndex: "openedAt",
    width: 170,
    render: (value: string) => formatDateTime(value),
  },
  {
    title: "Tipo",
    dataIndex: "type",
    width: 170,
    // A safety incident (issue 38) names who raised the SOS or did not confirm their arrival.
    render: (_: unknown, row) => (
      <>
        <IncidentTypeTag type={row.type} />
        {row.personName ? (
          <Typography.Text style={{ display: "block" }} data-testid="incident-report-person">
            {row.personName}
          </Typography.Text>
        ) : null}
      </>
    ),
  },
  {
    title: "Ruta · Chofer",
    dataIndex: "routeName",
    width: 220,
    render: (_: unknown, row) => (
      <>
        {row.routeName || "—"}
        {row.stopName ? ` · Parada ${row.stopName}` : ""}
        <br />
        <Typography.Text type="secondary">
          {[row.driverName, row.supplierName].filter(Boolean).join(" · ") || "—"}
        </Typography.Text>
      </>
    ),
  },
  {
    title: "Estado · Cierre",
    dataIndex: "status",
    width: 170,
    render: (_: unknown, row) => (
      <>
        {safetyCloseText(row) ?? INCIDENT_STATUS_LABELS[row.status]}
        <br />
        <Typography.Text type="secondary">
          {row.closedAt ? formatDateTime(row.closedAt) : "Sin cerrar"}
        </Typography.Text>
      </>
    ),
  },
  {
    title: "Minutos abierta",
    dataIndex: "minutesOpen",
    width: 150,
    align: "right",
    render: (_: unknown, row) => minutesOpenLabel(row),
  },
  {
    title: "Atendida por",
    dataIndex: "acknowledgedBy",
    width: 180,
    render: (_: unknown, row) =>
      row.acknowledgedBy ? (
        <>
          {row.acknowledgedBy}
          {row.acknowledgedAt && (
            <>
              <br />
              <Typography.Text type="secondary">{formatDateTime(row.acknowledgedAt)}</Typography.Text>
            </>
          )}
        </>
      ) : (
        "Sin atender"
      ),
  },
  {
    title: "Nota",
    dataIndex: "note",
    width: 240,
    render: (value: string | null) => value ?? "—",
  },
];

/**
 * The report's incidents one by one (GET Incident/report/incidents), below its groupings: when each
 * opened and closed, who attended it and their note, minutes open. Its page is the report's `page`
 * in the URL (the groupings page in the browser); the report's filters narrow it too.
 */
export function IncidentReportList({
  query,
  table,
}: {
  query: IncidentReportQuery;
  table: Pick<TableParamsState, "params" | "setPage">;
}) {
  const request = useMemo(
    () => ({ ...query, amount: REPORT_PAGE_SIZE, skip: table.params.page }),
    [query, table.params.page],
  );
  const result = useIncidentReportList(request);
  return (
    <TableBody<IncidentReportItem>
      columns={columns}
      rowKey="id"
      emptyText={INCIDENT_LIST_EMPTY}
      rows={result.data?.list}
      total={result.data?.amount}
      page={table.params.page}
      pageSize={REPORT_PAGE_SIZE}
      loading={result.isFetching}
      error={result.error}
      onRetry={() => void result.refetch()}
      onPageChange={table.setPage}
    />
  );
}
