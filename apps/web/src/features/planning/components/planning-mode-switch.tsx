import { Radio } from "antd";
import type { PlanningMode } from "../hooks/use-planning-filters";

const OPTIONS = [
  { value: "standing", label: "Plan fijo" },
  { value: "day", label: "Plan del día" },
  { value: "company", label: "Toda la sucursal" },
];

/**
 * «Plan fijo» (the shift's standing routes), «Plan del día» (one date from its bookings, issue 36)
 * or «Toda la sucursal» (every shift and workplace, runs chained per driver, issue 36).
 */
export function PlanningModeSwitch({
  mode,
  onMode,
}: {
  mode: PlanningMode;
  onMode: (mode: PlanningMode) => void;
}) {
  return (
    <Radio.Group
      aria-label="Modo de planificación"
      optionType="button"
      buttonStyle="solid"
      options={OPTIONS}
      value={mode}
      onChange={(event) => onMode(event.target.value as PlanningMode)}
    />
  );
}
