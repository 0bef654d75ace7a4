import { type DateInput, pad2, toDate } from "./to-date";

/** What an unreadable moment shows (dayjs's text, kept so no screen changes). */
export const INVALID_DATE = "Invalid Date";

const valid = (date: Date) => !Number.isNaN(date.getTime());

/** 'h:mm' plus ':ss' when asked, plus ' am' / ' pm'. */
function twelveHour(date: Date, withSeconds: boolean): string {
  const hours = date.getHours();
  const seconds = withSeconds ? `:${pad2(date.getSeconds())}` : "";
  return `${hours % 12 || 12}:${pad2(date.getMinutes())}${seconds} ${hours < 12 ? "am" : "pm"}`;
}

/** Display date 'DD/MM/yyyy' in the browser's time zone (spec §9): '05/03/2024'. */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  if (!valid(date)) return INVALID_DATE;
  return `${pad2(date.getDate())}/${pad2(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** Display time 'h:mm:ss a' (spec §9): '2:05:09 pm'. */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return valid(date) ? twelveHour(date, true) : INVALID_DATE;
}

/** Date and time: '05/03/2024 2:05:09 pm'. */
export function formatDateTime(value: DateInput): string {
  return `${formatDate(value)} ${formatTime(value)}`;
}

/** A time without seconds (cuts, trip sheet): '2:05 pm'. */
export function formatShortTime(value: DateInput): string {
  const date = toDate(value);
  return valid(date) ? twelveHour(date, false) : INVALID_DATE;
}

/** Date and time without seconds (cuts, trip sheet): '05/03/2024 2:05 pm'. */
export function formatDateShortTime(value: DateInput): string {
  return `${formatDate(value)} ${formatShortTime(value)}`;
}

/** A 24-hour time 'HH:mm': '07:05', '18:40'. */
export function format24hTime(value: DateInput): string {
  const date = toDate(value);
  return valid(date) ? `${pad2(date.getHours())}:${pad2(date.getMinutes())}` : INVALID_DATE;
}

/**
 * A time of day as the API sends it ('HH:mm' or 'HH:mm:ss') as 'h:mm:ss a': '14:05:09' → '2:05:09 pm';
 * none (null, empty) as '—'.
 */
export function formatClockTime(value: string | null | undefined): string {
  if (!value) return "—";
  const [hours = 0, minutes = 0, seconds = 0] = value.split(":").map(Number);
  return formatTime(new Date(2000, 0, 1, hours, minutes, seconds));
}
