import { formatNumber } from "@treiber/client/format";
import type { DayPlanTotals } from "@treiber/contract";
import { Flex, Typography } from "antd";
import { FIGURES, type Figure, FiguresComparison } from "./figures-comparison";

const kg = (value: number) => `${formatNumber(value, 1)} kg`;

/** The standing plan's figures and the day's, with the CO₂ of each (issue 36). */
const DAY_FIGURES: Figure<DayPlanTotals>[] = [
  ...FIGURES,
  { key: "co2", label: "kg CO₂", value: (f) => f.co2Kg, format: kg, lessIsBetter: true },
];

const TITLES = {
  current: "Plan fijo",
  proposed: "Plan del día",
  label: "Cifras del plan fijo y del plan del día",
};

export interface DayPlanFiguresProps {
  standing: DayPlanTotals;
  day: DayPlanTotals;
  /** Standing routes the day does not need. */
  released: number;
}

/** «Cifras»: vehicles, km, cost, seats used, longest ride and CO₂ of both plans; what the day saves. */
export function DayPlanFigures({ standing, day, released }: DayPlanFiguresProps) {
  const avoided = Math.round((standing.co2Kg - day.co2Kg) * 10) / 10;
  return (
    <Flex vertical gap={8}>
      <FiguresComparison current={standing} proposed={day} figures={DAY_FIGURES} titles={TITLES} />
      <Flex gap={24} wrap role="group" aria-label="Ahorro del plan del día">
        <Typography.Text>
          <Typography.Text strong>{released}</Typography.Text>{" "}
          {released === 1 ? "bus liberado" : "buses liberados"}
        </Typography.Text>
        <Typography.Text type={avoided > 0 ? "success" : undefined}>
          {avoided >= 0
            ? `${formatNumber(avoided, 1)} kg CO₂ evitados`
            : `${formatNumber(-avoided, 1)} kg CO₂ más que el plan fijo`}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
