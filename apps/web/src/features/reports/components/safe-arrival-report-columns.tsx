import { formatDateShortTime, formatShortTime } from "@treiber/client/format";
import {
  SAFE_ARRIVAL_STATUS_LABELS,
  SAFETY_OUTCOME_LABELS,
  type SafeArrivalReportItem,
  type SafeArrivalStatus,
} from "@treiber/contract";
import { type TableColumnsType, Tag, Typography } from "antd";
import { formatServiceDate } from "../../../shared/format";

/** Each status's tag colour: green confirmed, red unconfirmed (an incident), blue still asked. */
const STATUS_COLORS: Record<SafeArrivalStatus, string | undefined> = {
  WAITING: undefined,
  ASKED: "blue",
  CONFIRMED: "green",
  UNCONFIRMED: "red",
};

/** Where the «Sí» came from (`confirmedVia`). */
export const CONFIRMED_VIA_LABELS: Record<string, string> = {
  app: "desde Treiber App",
  push: "desde la notificación",
};

export function SafeArrivalStatusTag({ status }: { status: SafeArrivalStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{SAFE_ARRIVAL_STATUS_LABELS[status]}</Tag>;
}

/** OpenStreetMap centred on the drop: the security officer sees where the rider got off. */
export function dropMapUrl(latitude: number, longitude: number): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}

/** «Llegó bien 9:42 pm desde la notificación», or the time asked, or «—». */
export function confirmationLabel(item: Pick<SafeArrivalReportItem, "confirmedAt" | "confirmedVia">): string {
  if (!item.confirmedAt) return "—";
  const via = item.confirmedVia ? CONFIRMED_VIA_LABELS[item.confirmedVia] : undefined;
  return via ? `${formatShortTime(item.confirmedAt)} ${via}` : formatShortTime(item.confirmedAt);
}

/** The incident of an unconfirmed drop: its outcome and who closed it, or that it is still open. */
export function incidentLabel(item: Pick<SafeArrivalReportItem, "incidentId" | "outcome" | "attendedBy">) {
  if (item.incidentId === null) return "—";
  if (!item.outcome) return "Abierta";
  const outcome = SAFETY_OUTCOME_LABELS[item.outcome];
  return item.attendedBy ? `${outcome} por ${item.attendedBy}` : outcome;
}

const secondary = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

export const safeArrivalColumns: TableColumnsType<SafeArrivalReportItem> = [
  { title: "Fecha", dataIndex: "serviceDay", width: 110, render: (day: string) => formatServiceDate(day) },
  { title: "Colaborador", dataIndex: "employeeName", width: 200 },
  {
    title: "Ruta · Sucursal",
    dataIndex: "routeName",
    width: 200,
    render: (_: unknown, row) => (
      <>
        {row.routeName}
        <br />
        {secondary(row.branchOfficeName ?? "—")}
      </>
    ),
  },
  {
    title: "Parada · Bajada",
    dataIndex: "droppedAt",
    width: 220,
    render: (_: unknown, row) => (
      <>
        {row.stopName ?? "—"}
        {row.latitude !== null && row.longitude !== null ? (
          <>
            {" · "}
            <Typography.Link href={dropMapUrl(row.latitude, row.longitude)} target="_blank" rel="noreferrer">
              Ver en el mapa
            </Typography.Link>
          </>
        ) : null}
        <br />
        {secondary(formatDateShortTime(row.droppedAt))}
      </>
    ),
  },
  {
    title: "Preguntado",
    dataIndex: "askedAt",
    width: 110,
    render: (value: string | null) => (value ? formatShortTime(value) : "—"),
  },
  {
    title: "Confirmó",
    dataIndex: "confirmedAt",
    width: 190,
    render: (_: unknown, row) => confirmationLabel(row),
  },
  {
    title: "Estado",
    dataIndex: "status",
    width: 140,
    render: (status: SafeArrivalStatus) => <SafeArrivalStatusTag status={status} />,
  },
  {
    title: "Incidencia",
    dataIndex: "incidentId",
    width: 220,
    render: (_: unknown, row) => incidentLabel(row),
  },
];
