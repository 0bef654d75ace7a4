import { pad2 } from "./to-date";

/** Treiber App's clock: '7:05 a. m.', '12:30 p. m.'. */
function clock(hours: number, minutes: number): string {
  return `${hours % 12 || 12}:${pad2(minutes)} ${hours < 12 ? "a. m." : "p. m."}`;
}

/** Treiber App's clock of an ISO instant in the phone's time zone: '7:05 a. m.' ('—' when missing or invalid). */
export function formatClock(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : clock(date.getHours(), date.getMinutes());
}

/** Treiber App's label of an 'HH:mm' departure: '7:05 a. m.'; 'Sin hora fija' without one; unreadable as is. */
export function formatDepartureTime(value: string | null): string {
  if (!value) return "Sin hora fija";
  const [hours, minutes] = value.split(":").map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) {
    return value;
  }
  return clock(hours, minutes);
}
