import { formatNumber } from "@treiber/client/format";
import type { ShiftListItem } from "@treiber/contract";

/** The shift's travel model as the Turnos page shows it: its own values, or «Calculado». */
export function travelModelSummary(shift: Pick<ShiftListItem, "travelSpeedKmh" | "travelCircuity">): string {
  const parts = [
    shift.travelSpeedKmh === null ? null : `${formatNumber(shift.travelSpeedKmh)} km/h en movimiento`,
    shift.travelCircuity === null ? null : `desvío ${formatNumber(shift.travelCircuity)}`,
  ].filter((part) => part !== null);
  if (parts.length === 0) return "Calculado (calibración de la sucursal o valores por defecto)";
  return `${parts.join(" · ")} (fijado en el turno)`;
}
