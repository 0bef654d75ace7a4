import { minutesOfDay } from "@treiber/contract";
import { DAY_MS } from "./caller-clock.js";

const MINUTE = 60_000;

/**
 * The branch offices' wall clock, in one place (decision 0044 for the caller's; this one is the
 * sites'): the minutes to add to a local time to get UTC at an instant (the sign of
 * `getTimezoneOffset` and of the `GMT` header × 60; UTC−4 → 240). Branch offices have no zone of
 * their own in the schema: the server's zone (`TZ`) is theirs unless the app is given another
 * (`AppOptions.branchOfficeOffsetAt`: tests, or one zone for a deployment).
 *
 * What reads it: whatever is the sites' own time whoever asks: a shift's `HH:mm` placed on a trip's
 * day by the incident monitor, the service day of NOT_STARTED, and the peak split of a branch
 * office's calibration (decision 0063). What the caller sees (days of a report, times in a list or an
 * Excel) reads the caller's `CallerClock`.
 */
export type OffsetAt = (instant: number) => number;

/** The server's zone (`TZ`), the default branch-office zone. */
export const serverZoneOffset: OffsetAt = (instant) => new Date(instant).getTimezoneOffset();

const pad = (n: number) => String(n).padStart(2, "0");

export function branchOfficeTime(offsetAt: OffsetAt = serverZoneOffset) {
  /** An instant moved so that its UTC fields read the branch offices' wall clock. */
  const wallClock = (instant: number) => instant - offsetAt(instant) * MINUTE;
  /** UTC midnight of the local calendar day of `instant`. */
  const localDay = (instant: number) => {
    const wall = wallClock(instant);
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
      const wall = new Date(wallClock(instant));
      return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
    },
    /** The local minutes since midnight of `instant` (0–1439). */
    minuteOfDay(instant: number): number {
      const wall = wallClock(instant);
      return Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE);
    },
    /** `HH:mm` on the local day `day` (UTC midnight of it), as an instant. */
    on(hhmm: string, day: number): number {
      const wall = day + minutesOfDay(hhmm) * MINUTE;
      return wall + offsetAt(wall) * MINUTE;
    },
  };
}
export type BranchOfficeTime = ReturnType<typeof branchOfficeTime>;
