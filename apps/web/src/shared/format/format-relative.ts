import { type DateInput, dayjs } from "./dayjs-setup";

/** Relative time in Spanish with a capital first letter: 'Hace 5 minutos'. */
export function formatRelative(value: DateInput, now: DateInput = new Date()): string {
  const text = dayjs(value).locale("es").from(dayjs(now));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
