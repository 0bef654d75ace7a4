import { minutesOfDay } from "@treiber/contract";
import { DAY_MS } from "../../lib/caller-clock.js";

const MINUTE = 60_000;

/**
 * The branch offices' wall clock as the control room reads it: the minutes to add to a local time
 * to get UTC at an instant (the sign of `getTimezoneOffset` and of the `GMT` header × 60; UTC−4 →
 * 240). Branch offices have no zone of their own in the schema: the server's zone (`TZ`) is theirs
 * unless the app is given another (tests, or one zone for a deployment).
 */
export type OffsetAt = (instant: number) => number;

export const serverZoneOffset: OffsetAt = (instant) => new Date(instant).getTimezoneOffset();

const pad = (n: number) => String(n).padStart(2, "0");

export function branchOfficeTime(offsetAt: OffsetAt) {
  /** UTC midnight of the local calendar day of `instant`. */
  const localDay = (instant: number) => {
    const wall = instant - offsetAt(instant) * MINUTE;
    return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
  };
  return {
    /** Minutes to add to the local time to get UTC at `instant`. */
    offset: offsetAt,
    localDay,
    /** `YYYY-MM-DD` of the local day of `instant`. */
    serviceDay(instant: number): string {
      const day = new Date(localDay(instant));
      return `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}`;
    },
    /** `HH:mm` on the local day (the day before or after included) nearest to `anchor`, as an instant. */
    near(hhmm: string, anchor: number): number {
      const day = localDay(anchor);
      let best = Number.NaN;
      for (const shift of [-DAY_MS, 0, DAY_MS]) {
        const wall = day + shift + minutesOfDay(hhmm) * MINUTE;
        const instant = wall + offsetAt(wall) * MINUTE;
        if (Number.isNaN(best) || Math.abs(instant - anchor) < Math.abs(best - anchor)) best = instant;
      }
      return best;
    },
    /** The local `HH:mm` of `instant`. */
    hhmm(instant: number): string {
      const wall = new Date(instant - offsetAt(instant) * MINUTE);
      return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
    },
    /** `HH:mm` on the local day `day` (UTC midnight of it), as an instant. */
    on(hhmm: string, day: number): number {
      const wall = day + minutesOfDay(hhmm) * MINUTE;
      return wall + offsetAt(wall) * MINUTE;
    },
  };
}
export type BranchOfficeTime = ReturnType<typeof branchOfficeTime>;
