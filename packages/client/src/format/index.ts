/**
 * The display formats of every Treiber front end (spec §9), in one place and framework-free:
 * dates 'DD/MM/yyyy' and times 'h:mm:ss a' in the browser's time zone, relative time 'Hace ...',
 * USD without decimals (rates with cents), numbers '1,234.56', signed '+2' / '−1.5', coordinates
 * '18.47000' and percentages '33 %', times 'N mins' / 'N hora y M mins',
 * durations 'N mins' / 'Nh M', km, and Treiber App's clock ('7:05 a. m.'), stopwatch ('mm:ss') and
 * arrival estimate ('1 h 05 min').
 */
export { formatClock, formatDepartureTime } from "./format-clock";
export {
  format24hTime,
  formatClockTime,
  formatDate,
  formatDateShortTime,
  formatDateTime,
  formatShortTime,
  formatTime,
  INVALID_DATE,
} from "./format-date";
export { formatDistance, formatKm } from "./format-distance";
export { formatDuration, formatElapsed, formatEta, formatMinutes, minutesBetween } from "./format-minutes";
export { formatMoney, formatMoneyCents } from "./format-money";
export { formatCoordinate, formatNumber, formatPercent, formatSigned } from "./format-number";
export { formatRelative, timeAgo } from "./format-relative";
export type { DateInput } from "./to-date";
