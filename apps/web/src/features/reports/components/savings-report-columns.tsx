import { formatMoney, formatNumber } from "@treiber/client/format";
import type { SavingsFigures, SavingsReportItem } from "@treiber/contract";
import { type TableColumnsType, Typography } from "antd";
import { formatServiceDate } from "../../../shared/format";

/** A row of «Reporte Ahorro» with its own key (one day plan). */
export type SavingsRow = SavingsReportItem & { key: string };

type Figure = { key: keyof SavingsFigures; title: string; format: (value: number) => string };

export const kg = (value: number) => `${formatNumber(value, 1)} kg`;
export const km = (value: number) => `${formatNumber(value, 1)} km`;

const FIGURES: Figure[] = [
  { key: "vehicles", title: "Vehículos", format: (value) => formatNumber(value, 0) },
  { key: "km", title: "Km", format: km },
  { key: "cost", title: "Costo", format: formatMoney },
  { key: "co2Kg", title: "kg CO₂", format: kg },
];

/** «fijo / día / viajes» of one figure: the standing plan's, the day's and what ran (— before any trip). */
function threeWay(figure: Figure) {
  return (_: unknown, row: SavingsRow) => (
    <span style={{ whiteSpace: "nowrap" }}>
      {figure.format(row.standing[figure.key])} → {figure.format(row.day[figure.key])}
      <Typography.Text type="secondary">
        {" · "}
        {row.trips > 0 ? figure.format(row.ran[figure.key]) : "—"}
      </Typography.Text>
    </span>
  );
}

const SAVED: { key: keyof SavingsFigures; title: string; format: (value: number) => string }[] = [
  { key: "vehicles", title: "Vehículos liberados", format: (value) => formatNumber(value, 0) },
  { key: "km", title: "Km ahorrados", format: km },
  { key: "cost", title: "Costo ahorrado", format: formatMoney },
  { key: "co2Kg", title: "kg CO₂ evitados", format: kg },
];

export const savingsColumns: TableColumnsType<SavingsRow> = [
  { title: "Fecha", dataIndex: "date", render: (date: string) => formatServiceDate(date) },
  { title: "Sucursal", dataIndex: "branchOfficeName" },
  { title: "Turno", dataIndex: "shiftName" },
  { title: "Destino", dataIndex: "destinationName" },
  {
    title: "Plan fijo → plan del día · viajes",
    children: FIGURES.map((figure) => ({
      title: figure.title,
      key: figure.key,
      align: "right" as const,
      render: threeWay(figure),
    })),
  },
  {
    title: "Ahorro del plan del día",
    children: SAVED.map((saved) => ({
      title: saved.title,
      key: `saved-${saved.key}`,
      align: "right" as const,
      render: (_: unknown, row: SavingsRow) => saved.format(row.saved[saved.key]),
    })),
  },
];
