/** A moment as the front ends hold it: an API string, epoch ms, a Date or a dayjs value. */
export type DateInput = string | number | Date | { toDate(): Date };

/** A string without a zone ('2026-11-23', '2026-11-23 07:05:00', '2026-11-23T07:05') is local time. */
const LOCAL_DATE_TIME =
  /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/;

/**
 * The Date of a moment, read as dayjs reads it (the back office used dayjs before this module):
 * zoneless strings in the browser's time zone, anything else by `new Date`. Invalid → an invalid Date.
 */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === "number") return new Date(value);
  if (typeof value !== "string") return value.toDate();
  const match = /z$/i.test(value) ? null : LOCAL_DATE_TIME.exec(value);
  if (!match) return new Date(value);
  const [, year, month, day, hours, minutes, seconds, fraction] = match;
  return new Date(
    Number(year),
    Number(month ?? 1) - 1,
    Number(day || 1),
    Number(hours ?? 0),
    Number(minutes ?? 0),
    Number(seconds ?? 0),
    Number((fraction ?? "0").substring(0, 3)),
  );
}

/** Two digits: 5 → '05'. */
export const pad2 = (value: number): string => String(value).padStart(2, "0");
