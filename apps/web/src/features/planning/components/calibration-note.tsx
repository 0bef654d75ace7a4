import { formatNumber } from "@treiber/client/format";
import type { Calibration, ShiftTravelModelView } from "@treiber/contract";
import { Typography } from "antd";

const speed = (kmh: number) => `${formatNumber(kmh, 1)} km/h`;

/** A calibrated value that the plausible range clamped says so: «8 km/h (la mediana, 6.1 km/h, se acotó)». */
function clampNote(value: number, median: number | null, format: (value: number) => string) {
  return median !== null && median !== value ? ` (la mediana, ${format(median)}, se acotó)` : "";
}

/**
 * The branch office's travel model and where it comes from (decision 0058): «Valores por defecto:
 * …» until it has enough finished trips of its own, «Calibrados con N viajes de esta sucursal: …»
 * after; each value says when it is still the default or when the plausible range clamped it.
 */
export function calibrationText(calibration: Calibration): string {
  const circuity = (value: number) => formatNumber(value, 2, 2);
  if (!calibration.calibrated) {
    return `Valores por defecto: ${speed(calibration.peakSpeedKmh)} en hora pico, ${speed(calibration.offPeakSpeedKmh)} fuera de ella (en movimiento), desvío ${circuity(calibration.circuity)} (esta sucursal tiene ${calibration.trips} viajes terminados medidos; se calibra con al menos ${calibration.minTrips} propios)`;
  }
  const part = (text: string, trips: number, clamp: string) =>
    trips >= calibration.minTrips ? `${text}${clamp}` : `${text} (por defecto: ${trips} viajes)`;
  const parts = [
    part(
      `${speed(calibration.peakSpeedKmh)} en hora pico`,
      calibration.peakTrips,
      clampNote(calibration.peakSpeedKmh, calibration.peakSpeedMedianKmh, speed),
    ),
    part(
      `${speed(calibration.offPeakSpeedKmh)} fuera de ella`,
      calibration.offPeakTrips,
      clampNote(calibration.offPeakSpeedKmh, calibration.offPeakSpeedMedianKmh, speed),
    ),
    part(
      `desvío ${circuity(calibration.circuity)}`,
      calibration.circuityTrips,
      clampNote(calibration.circuity, calibration.circuityMedian, circuity),
    ),
  ];
  return `Calibrados con ${calibration.trips} viajes de esta sucursal (velocidad en movimiento, sin paradas): ${parts.join(", ")}`;
}

/** What this shift plans with, and whether the shift's own values replace the calculated ones. */
export function shiftModelText(model: ShiftTravelModelView, calibration: Calibration): string {
  const hour = model.peak ? "hora pico" : "fuera de hora pico";
  const planned = `Este turno se planifica a ${speed(model.speedKmh)} (${hour}) y desvío ${formatNumber(model.circuity, 2, 2)}`;
  const calculatedSpeed = speed(model.peak ? calibration.peakSpeedKmh : calibration.offPeakSpeedKmh);
  const calculatedCircuity = formatNumber(calibration.circuity, 2, 2);
  const ownSpeed = model.speedSource === "override";
  const ownCircuity = model.circuitySource === "override";
  const where = "Se cambian, o se vuelve a los valores calculados, en Turnos.";
  if (ownSpeed && ownCircuity) {
    return `${planned}: velocidad y desvío fijados en el turno (calculados: ${calculatedSpeed} y ${calculatedCircuity}). ${where}`;
  }
  if (ownSpeed) return `${planned}: velocidad fijada en el turno (calculada: ${calculatedSpeed}). ${where}`;
  if (ownCircuity)
    return `${planned}: desvío fijado en el turno (calculado: ${calculatedCircuity}). ${where}`;
  return `${planned}. Puede fijar otros valores para este turno en Turnos.`;
}

export function CalibrationNote({
  calibration,
  travelModel,
}: {
  calibration: Calibration;
  travelModel: ShiftTravelModelView;
}) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="calibration-note">
      {calibrationText(calibration)}. {shiftModelText(travelModel, calibration)}
    </Typography.Paragraph>
  );
}
