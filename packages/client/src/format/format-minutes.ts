import { type DateInput, pad2, toDate } from "./to-date";

/** Whole hours and minutes of a span in minutes, rounded, negative as zero. */
function split(totalMinutes: number): [number, number] {
  const minutes = Math.max(0, Math.round(totalMinutes));
  return [Math.floor(minutes / 60), minutes % 60];
}

/** Time (spec §9): 'N mins' under 60, else 'N hora y M mins'. */
export function formatMinutes(totalMinutes: number): string {
  const [hours, minutes] = split(totalMinutes);
  return hours === 0 ? `${minutes} mins` : `${hours} hora y ${minutes} mins`;
}

/** Duration (spec §9): 'N mins' under 60, else 'Nh M'. */
export function formatDuration(totalMinutes: number): string {
  const [hours, minutes] = split(totalMinutes);
  return hours === 0 ? `${minutes} mins` : `${hours}h ${minutes}`;
}

/** Treiber App's bus arrival estimate in whole minutes: '1 min', '12 min', '1 h 05 min'. */
export function formatEta(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${pad2(minutes % 60)} min`;
}

/** Treiber App's trip stopwatch: 'mm:ss' under an hour, 'h:mm:ss' from an hour on; negative as zero. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const mmss = `${pad2(Math.floor((total % 3600) / 60))}:${pad2(total % 60)}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** Whole minutes from `start` to `end`, never negative: a trip's time so far or its duration. */
export function minutesBetween(start: DateInput, end: DateInput): number {
  const ms = toDate(end).getTime() - toDate(start).getTime();
  return Math.max(0, Math.floor(ms / 60_000)) || 0;
}
