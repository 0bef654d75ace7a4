/** Durations in milliseconds and the demo's local calendar (Santo Domingo). */
import { DAY_MS, HOUR_MS } from "../lib/caller-clock.js";

export const MINUTE = 60_000;
export const HOUR = HOUR_MS;
export const DAY = DAY_MS;
/** Santo Domingo is UTC-4 all year (no daylight saving time). */
const LOCAL_OFFSET_HOURS = -4;

/** The seed's "now" in milliseconds and local (UTC-4) wall-clock helpers relative to it. */
export type DemoClock = ReturnType<typeof demoClock>;

export function demoClock(now: Date) {
  const nowMs = now.getTime();
  const localDate = new Date(nowMs + LOCAL_OFFSET_HOURS * HOUR);
  /** UTC instant of a local (UTC-4) wall-clock time `dayOffset` days from today. */
  const localAt = (dayOffset: number, hhmm: string) => {
    const [hh, mm] = hhmm.split(":").map(Number);
    return new Date(
      Date.UTC(
        localDate.getUTCFullYear(),
        localDate.getUTCMonth(),
        localDate.getUTCDate() + dayOffset,
        (hh ?? 0) - LOCAL_OFFSET_HOURS,
        mm ?? 0,
      ),
    );
  };
  /** ISO weekday (1 = Monday … 7 = Sunday) of the local day `dayOffset` days from today. */
  const isoWeekday = (dayOffset: number) => {
    const d = new Date(
      Date.UTC(localDate.getUTCFullYear(), localDate.getUTCMonth(), localDate.getUTCDate() + dayOffset),
    );
    return ((d.getUTCDay() + 6) % 7) + 1;
  };
  return { nowMs, localAt, isoWeekday };
}
