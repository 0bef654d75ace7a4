import {
  formatKm,
  formatMinutes,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSigned,
} from "@treiber/client/format";
import type { PlanFigures } from "@treiber/contract";
import { Table, type TableColumnsType, Typography } from "antd";

export interface FiguresComparisonProps<T extends PlanFigures = PlanFigures> {
  current: T;
  /** The proposal after the admin's moves; null: only the current routes. */
  proposed: T | null;
  /** The figures to compare (default FIGURES); the plan of the day adds its CO₂ (issue 36). */
  figures?: Figure<T>[];
  /** The columns' titles (default «Rutas actuales», «Propuesta») and the table's name. */
  titles?: { current: string; proposed: string; label: string };
}

interface Row {
  key: string;
  label: string;
  current: string;
  proposed: string;
  difference: string;
  /** -1: the proposal is better, 1: worse, 0: same or neither. */
  verdict: -1 | 0 | 1;
}

export type Figure<T extends PlanFigures = PlanFigures> = {
  key: string;
  label: string;
  value: (figures: T) => number | null;
  /** How a value is written (`@treiber/client/format`). */
  format: (value: number) => string;
  /** The difference of two values (default b − a) and how to write it. */
  difference?: (current: number, proposed: number) => number;
  formatDifference?: (absolute: number) => string;
  /** Whether less is better (true), more is better (false) or neither (null). */
  lessIsBetter: boolean | null;
};

export const FIGURES: Figure[] = [
  { key: "vehicles", label: "Vehículos", value: (f) => f.vehicles, format: formatNumber, lessIsBetter: true },
  { key: "riders", label: "Colaboradores", value: (f) => f.riders, format: formatNumber, lessIsBetter: null },
  { key: "km", label: "Km", value: (f) => f.km, format: (km) => formatKm(km, 1), lessIsBetter: true },
  {
    key: "seatFill",
    label: "Ocupación de asientos",
    value: (f) => f.seatFill,
    format: (fill) => formatPercent(fill),
    difference: (a, b) => Math.round(b * 100) - Math.round(a * 100),
    formatDifference: (points) => `${formatNumber(points, 0)} p. p.`,
    lessIsBetter: false,
  },
  {
    key: "longestRide",
    label: "Viaje más largo",
    value: (f) => f.longestRideMinutes,
    format: formatMinutes,
    lessIsBetter: true,
  },
  { key: "cost", label: "Costo por viaje", value: (f) => f.cost, format: formatMoney, lessIsBetter: true },
];

function rows<T extends PlanFigures>(current: T, proposed: T | null, figures: Figure<T>[]): Row[] {
  return figures.map((figure) => {
    const a = figure.value(current);
    const b = proposed ? figure.value(proposed) : null;
    let difference = "";
    let verdict: Row["verdict"] = 0;
    if (a !== null && b !== null) {
      const delta = figure.difference ? figure.difference(a, b) : b - a;
      difference = formatSigned(delta, figure.formatDifference ?? figure.format);
      if (figure.lessIsBetter !== null && Math.abs(delta) > 1e-9) {
        verdict = delta < 0 === figure.lessIsBetter ? -1 : 1;
      }
    } else if (proposed) {
      difference = "—";
    }
    return {
      key: figure.key,
      label: figure.label,
      current: a === null ? "—" : figure.format(a),
      proposed: b === null ? "—" : figure.format(b),
      difference,
      verdict,
    };
  });
}

/** The current routes' figures beside the proposal's (after the moves), with the difference. */
export function FiguresComparison<T extends PlanFigures>({
  current,
  proposed,
  figures = FIGURES,
  titles,
}: FiguresComparisonProps<T>) {
  const columns: TableColumnsType<Row> = [
    { title: "Cifra", dataIndex: "label", width: 170 },
    { title: titles?.current ?? "Rutas actuales", dataIndex: "current", width: 120, align: "right" },
  ];
  if (proposed) {
    columns.push(
      { title: titles?.proposed ?? "Propuesta", dataIndex: "proposed", width: 120, align: "right" },
      {
        title: "Diferencia",
        dataIndex: "difference",
        width: 120,
        align: "right",
        render: (value: string, row) => (
          <Typography.Text type={row.verdict < 0 ? "success" : row.verdict > 0 ? "danger" : undefined}>
            {value}
          </Typography.Text>
        ),
      },
    );
  }
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      pagination={false}
      columns={columns}
      dataSource={rows(current, proposed, figures)}
      aria-label={
        titles?.label ??
        (proposed ? "Cifras de las rutas actuales y de la propuesta" : "Cifras de las rutas actuales")
      }
    />
  );
}
