import { formatDateShortTime } from "@treiber/client/format";
import type { ManifestItem } from "@treiber/contract";
import { Button, type TableColumnsType, Tag, Typography } from "antd";
import { BookingStatusTag } from "./booking-status-tag";

export const riderName = (item: Pick<ManifestItem, "name" | "lastname">) =>
  `${item.name} ${item.lastname}`.trim();

/** The manifest's columns: who, where and when they board, the status, why, the last change, «Cambiar». */
export function manifestColumns(onChange: (item: ManifestItem) => void): TableColumnsType<ManifestItem> {
  return [
    {
      title: "Colaborador",
      key: "rider",
      render: (_: unknown, item) => (
        <>
          {riderName(item)} {item.assigned ? null : <Tag>Asiento pedido</Tag>}
          <br />
          <Typography.Text type="secondary">{item.codeEmployee}</Typography.Text>
        </>
      ),
    },
    {
      title: "Parada",
      key: "stop",
      render: (_: unknown, item) => (
        <>
          {item.stopName ?? "—"}
          {item.plannedTime ? (
            <>
              <br />
              <Typography.Text type="secondary">{item.plannedTime}</Typography.Text>
            </>
          ) : null}
        </>
      ),
    },
    {
      title: "Estado",
      key: "status",
      render: (_: unknown, item) => (
        <BookingStatusTag status={item.status} waitlistPosition={item.waitlistPosition} />
      ),
    },
    { title: "Motivo", dataIndex: "reason", render: (reason: string | null) => reason ?? "—" },
    {
      title: "Último cambio",
      key: "changed",
      render: (_: unknown, item) =>
        item.changedAt ? (
          <>
            {formatDateShortTime(item.changedAt)}
            <br />
            <Typography.Text type="secondary">
              {item.changedBy ?? "—"}
              {item.changedByAdmin ? " (administrador)" : ""}
            </Typography.Text>
          </>
        ) : (
          "—"
        ),
    },
    {
      title: "Acciones",
      key: "actions",
      render: (_: unknown, item) => (
        <Button
          size="small"
          aria-label={`Cambiar reserva de ${riderName(item)}`}
          onClick={() => onChange(item)}
        >
          Cambiar
        </Button>
      ),
    },
  ];
}
