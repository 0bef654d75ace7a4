import { type DateInput, dayjs } from "./dayjs-setup";
import { formatRelative } from "./format-relative";

/**
 * 'Hace ...' for a past moment. A moment slightly ahead of the browser's clock (the server's clock
 * runs a little ahead) reads 'Hace unos segundos' instead of 'En unos segundos'; a missing or
 * unreadable date reads as an empty string.
 */
export function timeAgo(value: DateInput | null | undefined, now: DateInput = new Date()): string {
  if (value === null || value === undefined || value === "") return "";
  const moment = dayjs(value);
  if (!moment.isValid()) return "";
  const reference = dayjs(now);
  return formatRelative(moment.isAfter(reference) ? reference : moment, reference);
}
