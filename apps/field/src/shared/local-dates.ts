import { formatClock } from "@treiber/client/format";

/** Calendar dates `YYYY-MM-DD` on the phone's clock (the branch office's): service dates of bookings. */

const WEEKDAYS = ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"];
const pad = (value: number) => String(value).padStart(2, "0");

/** The phone's calendar date `YYYY-MM-DD` of an instant (the branch office's, on the phone's clock). */
export function localDate(instant: Date): string {
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`;
}

/** Noon of a `YYYY-MM-DD` on the phone's clock (safe from daylight-saving edges). */
function noonOf(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 12);
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  const noon = noonOf(date);
  noon.setDate(noon.getDate() + days);
  return localDate(noon);
}

/** `count` dates from `first`, in order. */
export function nextDates(first: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(first, index));
}

/** «lunes 30/11». */
export function shortDay(date: string): string {
  const noon = noonOf(date);
  return `${WEEKDAYS[noon.getDay()]} ${pad(noon.getDate())}/${pad(noon.getMonth() + 1)}`;
}

/** «Hoy · domingo 29/11», «Mañana · lunes 30/11», «martes 01/12». */
export function dayLabel(date: string, today: string): string {
  if (date === today) return `Hoy · ${shortDay(date)}`;
  if (date === addDays(today, 1)) return `Mañana · ${shortDay(date)}`;
  return shortDay(date);
}

/** A cut-off instant as the phone reads it: «4:00 a. m. del 30/11». */
export function cutoffLabel(cutoffAt: string): string {
  const instant = new Date(cutoffAt);
  if (Number.isNaN(instant.getTime())) return "—";
  return `${formatClock(cutoffAt)} del ${pad(instant.getDate())}/${pad(instant.getMonth() + 1)}`;
}
