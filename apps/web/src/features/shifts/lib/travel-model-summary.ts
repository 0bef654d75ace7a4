import type { ShiftListItem } from "@treiber/contract";

const number = (value: number) => value.toLocaleString("es-DO", { maximumFractionDigits: 2 });

/** The shift's travel model as the Turnos page shows it: its own values, or «Calculado». */
export function travelModelSummary(shift: Pick<ShiftListItem, "travelSpeedKmh" | "travelCircuity">): string {
  const parts = [
    shift.travelSpeedKmh === null ? null : `${number(shift.travelSpeedKmh)} km/h en movimiento`,
    shift.travelCircuity === null ? null : `desvío ${number(shift.travelCircuity)}`,
  ].filter((part) => part !== null);
  if (parts.length === 0) return "Calculado (calibración de la sucursal o valores por defecto)";
  return `${parts.join(" · ")} (fijado en el turno)`;
}
