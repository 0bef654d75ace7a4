import { formatClockTime, formatKm, formatNumber, formatPercent } from "@treiber/client/format";

/**
 * Numbers and times on the Planificación page, with the back office's shared formats
 * (`@treiber/client/format`): Dominican grouping and decimal point («1,234.5 km», «desvío 1.35»,
 * «33 %») and times of day as everywhere else, 'h:mm:ss a' («7:42:00 am»).
 */
export const formatDecimal = (value: number, digits = 1) => formatNumber(value, digits, digits);
export const formatPlanKm = (km: number) => formatKm(km, 1);
export const formatRideMinutes = (minutes: number) => `${Math.round(minutes)} min`;
export const formatSeatFill = (fill: number | null) => (fill === null ? "—" : formatPercent(fill));
/** A planned time `HH:mm` of the plan («07:42» → «7:42:00 am»); empty or missing as «—». */
export const formatPlanTime = (value: string | null | undefined) => (value ? formatClockTime(value) : "—");

/** A difference with its sign: «+2», «−1.5 km» (a true minus sign), «0». */
export function formatDifference(value: number, format: (absolute: number) => string): string {
  if (Math.abs(value) < 1e-9) return format(0);
  return `${value > 0 ? "+" : "−"}${format(Math.abs(value))}`;
}
