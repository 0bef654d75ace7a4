import { formatDate } from "@treiber/client/format";
import { type DateInput, dayjs } from "./dayjs-setup";

/** A service date as the bookings API takes it (issue 35): `YYYY-MM-DD`, the branch office's calendar day. */
export const SERVICE_DATE_FORMAT = "YYYY-MM-DD";

/** `YYYY-MM-DD` of a picker's day (its calendar day, whatever the time). */
export function toServiceDate(value: DateInput): string {
  return dayjs(value).format(SERVICE_DATE_FORMAT);
}

/** Whether a text is a real `YYYY-MM-DD` calendar date. */
export function isServiceDate(value: string): boolean {
  return dayjs(value, SERVICE_DATE_FORMAT, true).isValid();
}

/**
 * A service date `YYYY-MM-DD` as the back office shows dates ('DD/MM/yyyy', spec §9), read as that
 * calendar day (not as UTC midnight, which a browser west of UTC would show as the day before).
 */
export function formatServiceDate(value: string): string {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return formatDate(new Date(year, month - 1, day));
}
