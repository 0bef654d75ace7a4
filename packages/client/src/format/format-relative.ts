import { type DateInput, toDate } from "./to-date";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Unit = "second" | "minute" | "hour" | "day" | "month" | "year";
type Step = { words: string; upTo?: number; unit?: Unit };

/**
 * dayjs's relativeTime thresholds with its Spanish words (the back office used them before this
 * module): a step measures in `unit` (or the previous step's unit) and applies while the rounded
 * amount is at most `upTo`; an amount of 0 or 1 takes the previous step's words ('un minuto').
 */
const STEPS: Step[] = [
  { words: "unos segundos", upTo: 44, unit: "second" },
  { words: "un minuto", upTo: 89 },
  { words: "%d minutos", upTo: 44, unit: "minute" },
  { words: "una hora", upTo: 89 },
  { words: "%d horas", upTo: 21, unit: "hour" },
  { words: "un día", upTo: 35 },
  { words: "%d días", upTo: 25, unit: "day" },
  { words: "un mes", upTo: 45 },
  { words: "%d meses", upTo: 10, unit: "month" },
  { words: "un año", upTo: 17 },
  { words: "%d años", unit: "year" },
];

const utcOffset = (date: Date) => -Math.round(date.getTimezoneOffset() / 15) * 15;

/** `date` plus `months` calendar months, the day clamped to the month's last (as dayjs adds them). */
function addMonths(date: Date, months: number): Date {
  const moved = new Date(date.getTime());
  moved.setDate(1);
  moved.setMonth(date.getMonth() + months);
  const lastDay = new Date(moved.getFullYear(), moved.getMonth() + 1, 0).getDate();
  moved.setDate(Math.min(date.getDate(), lastDay));
  return moved;
}

/** Calendar months from `b` to `a`, with a fraction (moment.js's and dayjs's monthDiff). */
function monthDiff(a: Date, b: Date): number {
  if (a.getDate() < b.getDate()) return -monthDiff(b, a);
  const whole = (b.getFullYear() - a.getFullYear()) * 12 + (b.getMonth() - a.getMonth());
  const anchor = addMonths(a, whole).getTime();
  const before = b.getTime() - anchor < 0;
  const anchor2 = addMonths(a, whole + (before ? -1 : 1)).getTime();
  const fraction = (b.getTime() - anchor) / (before ? anchor - anchor2 : anchor2 - anchor);
  return +-(whole + fraction) || 0;
}

/** `moment` − `now` in `unit`, with a fraction. */
function difference(moment: Date, now: Date, unit: Unit): number {
  const ms = moment.getTime() - now.getTime();
  switch (unit) {
    case "second":
      return ms / SECOND;
    case "minute":
      return ms / MINUTE;
    case "hour":
      return ms / HOUR;
    case "day":
      return (ms - (utcOffset(now) - utcOffset(moment)) * MINUTE) / DAY;
    case "month":
      return monthDiff(moment, now);
    case "year":
      return monthDiff(moment, now) / 12;
  }
}

/** Relative time in Spanish with a capital first letter (spec §9): 'Hace 5 minutos', 'En una hora'. */
export function formatRelative(value: DateInput, now: DateInput = new Date()): string {
  const moment = toDate(value);
  const reference = toDate(now);
  let result = 0;
  let text = "";
  for (const [index, step] of STEPS.entries()) {
    if (step.unit) result = difference(moment, reference, step.unit);
    const amount = Math.round(Math.abs(result));
    if (step.upTo === undefined || amount <= step.upTo) {
      const words = amount <= 1 && index > 0 ? (STEPS[index - 1] ?? step).words : step.words;
      text = words.replace("%d", String(amount));
      break;
    }
  }
  return result > 0 ? `En ${text}` : `Hace ${text}`;
}

/**
 * 'Hace ...' for a past moment. A moment slightly ahead of the browser's clock (the server's clock
 * runs a little ahead) reads 'Hace unos segundos' instead of 'En unos segundos'; a missing or
 * unreadable date reads as an empty string.
 */
export function timeAgo(value: DateInput | null | undefined, now: DateInput = new Date()): string {
  if (value === null || value === undefined || value === "") return "";
  const moment = toDate(value);
  if (Number.isNaN(moment.getTime())) return "";
  const reference = toDate(now);
  return formatRelative(moment.getTime() > reference.getTime() ? reference : moment, reference);
}
