import { formatDateShortTime, formatMoney, formatMoneyCents } from "@treiber/client/format";
import type { DisputeItem } from "@treiber/contract";
import { Button, Flex, type TableColumnsType, Typography } from "antd";
import type { DisputeViewer } from "../hooks/use-dispute-viewer";
import { DisputeStatusTag } from "./dispute-status-tag";
import type { DisputeResolution } from "./resolve-dispute-dialog";

const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/** How an accepted dispute is paid: in which later cut, or in the next one still to be made. */
function AdjustmentCell({
  dispute,
  onOpenCut,
}: {
  dispute: DisputeItem;
  onOpenCut?: (cutId: number) => void;
}) {
  if (dispute.status !== "ACCEPTED") return null;
  const cutId = dispute.adjustmentCutId;
  return (
    <>
      <div>{`Ajuste: ${formatMoneyCents(dispute.acceptedAmount ?? dispute.claimedAmount)}`}</div>
      {cutId === null ? (
        secondary("Se pagará en el próximo corte")
      ) : onOpenCut ? (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpenCut(cutId)}>
          Pagado en el corte #{cutId}
        </Button>
      ) : (
        secondary(`Pagado en el corte #${cutId}`)
      )}
    </>
  );
}

function ResolutionCell({
  dispute,
  onOpenCut,
}: {
  dispute: DisputeItem;
  onOpenCut?: (cutId: number) => void;
}) {
  if (dispute.status === "OPEN" || !dispute.resolvedAt) return secondary("Pendiente");
  return (
    <>
      {dispute.resolvedBy ?? "—"}
      <br />
      {secondary(formatDateShortTime(dispute.resolvedAt))}
      {dispute.note ? <div>{`Nota: ${dispute.note}`}</div> : null}
      <AdjustmentCell dispute={dispute} onOpenCut={onOpenCut} />
    </>
  );
}

/** The columns of a cut's disputes; an admin gets «Aceptar» / «Rechazar» on the open ones. */
export function disputeColumns({
  viewer,
  onResolve,
  onOpenCut,
}: {
  viewer: DisputeViewer;
  onResolve: (resolution: DisputeResolution) => void;
  onOpenCut?: (cutId: number) => void;
}): TableColumnsType<DisputeItem> {
  const columns: TableColumnsType<DisputeItem> = [
    {
      title: "Viaje",
      key: "trip",
      width: 200,
      render: (_: unknown, row) => (
        <>
          {row.routeName}
          <br />
          {secondary(`${formatDateShortTime(row.tripStartedAt)} · ${row.driverName}`)}
          {viewer === "admin" ? (
            <>
              <br />
              {secondary(row.supplierName)}
            </>
          ) : null}
        </>
      ),
    },
    { title: "Motivo", dataIndex: "reason", width: 220 },
    {
      title: "Reclamado",
      dataIndex: "claimedAmount",
      width: 120,
      align: "right",
      render: (value: number, row) => (
        <>
          {formatMoneyCents(value)}
          <br />
          {secondary(`Pagado ${formatMoney(row.lineAmount)}`)}
        </>
      ),
    },
    {
      title: "Estado",
      dataIndex: "status",
      width: 100,
      render: (_: unknown, row) => <DisputeStatusTag status={row.status} />,
    },
    {
      title: "Registrada",
      key: "created",
      width: 150,
      render: (_: unknown, row) => (
        <>
          {row.createdBy}
          <br />
          {secondary(formatDateShortTime(row.createdAt))}
        </>
      ),
    },
    {
      title: "Resolución",
      key: "resolution",
      width: 220,
      render: (_: unknown, row) => <ResolutionCell dispute={row} onOpenCut={onOpenCut} />,
    },
  ];
  if (viewer !== "admin") return columns;
  columns.push({
    title: "Acciones",
    key: "actions",
    width: 180,
    render: (_: unknown, row) =>
      row.status === "OPEN" ? (
        <Flex gap={8} wrap>
          <Button
            size="small"
            type="primary"
            onClick={() => onResolve({ dispute: row, decision: "ACCEPTED" })}
          >
            Aceptar
          </Button>
          <Button size="small" danger onClick={() => onResolve({ dispute: row, decision: "REJECTED" })}>
            Rechazar
          </Button>
        </Flex>
      ) : null,
  });
  return columns;
}
