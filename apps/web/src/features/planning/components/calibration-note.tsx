import type { Calibration } from "@treiber/contract";
import { Typography } from "antd";
import { formatDecimal } from "../lib/planning-format";

const speed = (kmh: number) => `${kmh.toLocaleString("es", { maximumFractionDigits: 1 })} km/h`;

/** The travel model's figures and where they come from: the finished trips, or the defaults. */
export function calibrationText(calibration: Calibration): string {
  const values = `${speed(calibration.peakSpeedKmh)} en hora pico, ${speed(calibration.offPeakSpeedKmh)} fuera de ella, desvío ${formatDecimal(calibration.circuity, 2)}`;
  if (calibration.calibrated) {
    return `Velocidad y desvío calibrados con ${calibration.trips} viajes: ${values}`;
  }
  return `Valores por defecto (se calibran con al menos ${calibration.minTrips} viajes terminados; hay ${calibration.trips}): ${values}`;
}

export function CalibrationNote({ calibration, speedKmh }: { calibration: Calibration; speedKmh: number }) {
  return (
    <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} data-testid="calibration-note">
      {calibrationText(calibration)}. Este turno se planifica a {speed(speedKmh)}.
    </Typography.Paragraph>
  );
}
