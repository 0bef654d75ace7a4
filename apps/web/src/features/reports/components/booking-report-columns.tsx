import { formatPercent } from "@treiber/client/format";
import {
  type BookingReportCollaboratorItem,
  type BookingReportDayItem,
  NO_SHOW_FLAG_COUNT,
  NO_SHOW_FLAG_DAYS,
} from "@treiber/contract";
import { type TableColumnsType, Tag, Typography } from "antd";
import { formatServiceDate } from "../../../shared/format";

/** A day row with its own key (a route appears once per day). */
export type BookingDayRow = BookingReportDayItem & { key: string };
/** A collaborator row with its own key (a collaborator appears once per route). */
export type BookingCollaboratorRow = BookingReportCollaboratorItem & { key: string };

/** «3 ausencias en 30 días»: the flag of a collaborator who often does not show up. */
export const NO_SHOW_FLAG_LABEL = `${NO_SHOW_FLAG_COUNT} ausencias en ${NO_SHOW_FLAG_DAYS} días`;

const orDash = (value: string | null) => value ?? "—";

export const bookingDayColumns: TableColumnsType<BookingDayRow> = [
  { title: "Fecha", dataIndex: "date", render: (date: string) => formatServiceDate(date) },
  { title: "Ruta", dataIndex: "routeName" },
  { title: "Turno", dataIndex: "shiftName", render: orDash },
  {
    title: "Asientos",
    dataIndex: "seats",
    align: "right",
    render: (seats: number | null) => (seats === null ? "Sin límite" : seats),
  },
  { title: "Confirmados", dataIndex: "confirmed", align: "right" },
  { title: "En espera", dataIndex: "waitlisted", align: "right" },
  {
    title: "Demanda",
    dataIndex: "demand",
    align: "right",
    render: (demand: number, row) =>
      row.seats !== null && demand > row.seats ? (
        <>
          {demand} <Tag color="orange">Sobre el cupo</Tag>
        </>
      ) : (
        demand
      ),
  },
  { title: "Cancelados", dataIndex: "cancelled", align: "right" },
  { title: "Cancelaciones tardías", dataIndex: "lateCancellations", align: "right" },
  { title: "Ausentes", dataIndex: "noShows", align: "right" },
  { title: "Viajaron", dataIndex: "ridden", align: "right" },
];

export const bookingCollaboratorColumns: TableColumnsType<BookingCollaboratorRow> = [
  { title: "Código", dataIndex: "codeEmployee" },
  {
    title: "Colaborador",
    key: "name",
    render: (_: unknown, row) => (
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
  { title: "Ruta", dataIndex: "routeName" },
  { title: "Esperado", dataIndex: "expected", align: "right" },
  { title: "Viajó", dataIndex: "ridden", align: "right" },
  { title: "Ausencias", dataIndex: "noShows", align: "right" },
  {
    title: "Tasa de ausencias",
    dataIndex: "noShowRate",
    align: "right",
    render: (rate: number | null) =>
      rate === null ? <Typography.Text type="secondary">—</Typography.Text> : formatPercent(rate, 1),
  },
  { title: "Cancelaciones tardías", dataIndex: "lateCancellations", align: "right" },
];
