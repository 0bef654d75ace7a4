/** Numbers on the Planificación page: decimal comma, like its texts («desvío 1,32», «12,4 km»). */
const decimal = (value: number, digits: number) =>
  value.toLocaleString("es", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: false,
  });

export const formatDecimal = (value: number, digits = 1) => decimal(value, digits);
export const formatPlanKm = (km: number) => `${decimal(km, 1)} km`;
export const formatRideMinutes = (minutes: number) => `${Math.round(minutes)} min`;
export const formatSeatFill = (fill: number | null) => (fill === null ? "—" : `${Math.round(fill * 100)} %`);

/** A difference with its sign: «+2», «−1,5 km» (a true minus sign), «0». */
export function formatDifference(value: number, format: (absolute: number) => string): string {
  if (Math.abs(value) < 1e-9) return format(0);
  return `${value > 0 ? "+" : "−"}${format(Math.abs(value))}`;
}
