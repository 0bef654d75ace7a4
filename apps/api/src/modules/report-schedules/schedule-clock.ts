import type { ScheduleFrequency } from "@treiber/contract";
import type { BranchOfficeTime } from "../../lib/branch-office-time.js";
import { DAY_MS } from "../../lib/caller-clock.js";

/** When a schedule fires: its frequency, local `HH:mm`, ISO weekday (weekly), day of the month (monthly). */
export type ScheduleSlot = {
  frequency: ScheduleFrequency;
  time: string;
  weekday: number | null;
  monthDay: number | null;
};

/** The days searched for a slot (a monthly one falls in any 31 consecutive days). */
const SEARCH_DAYS = 33;

const isoWeekday = (day: number) => ((new Date(day).getUTCDay() + 6) % 7) + 1;

/** Whether the schedule fires on the local day `day` (UTC midnight of it). */
function firesOn(slot: ScheduleSlot, day: number): boolean {
  if (slot.frequency === "weekly") return isoWeekday(day) === slot.weekday;
  if (slot.frequency === "monthly") return new Date(day).getUTCDate() === slot.monthDay;
  return true;
}

/**
 * A schedule's slots on the branch offices' clock (decision 0086): the instants at which it fires,
 * each `time` on a local day it fires on (a weekday, a day of the month, or every day).
 */
export function scheduleClock(time: BranchOfficeTime) {
  /** The first slot strictly after `instant`. */
  function nextSlot(slot: ScheduleSlot, instant: number): number {
    const today = time.localDay(instant);
    for (let i = -1; i <= SEARCH_DAYS; i++) {
      const day = today + i * DAY_MS;
      if (!firesOn(slot, day)) continue;
      const at = time.on(slot.time, day);
      if (at > instant) return at;
    }
    throw new Error("no slot found");
  }

  /** The last slot at or before `instant` (the one a run after downtime catches up). */
  function latestSlot(slot: ScheduleSlot, instant: number): number {
    const today = time.localDay(instant);
    for (let i = 1; i >= -SEARCH_DAYS; i--) {
      const day = today + i * DAY_MS;
      if (!firesOn(slot, day)) continue;
      const at = time.on(slot.time, day);
      if (at <= instant) return at;
    }
    throw new Error("no slot found");
  }

  /**
   * The local days a slot's Excel covers: daily, the day before; weekly, the 7 days before;
   * monthly, the month before. Both ends included, as local days (UTC midnight of each).
   */
  function period(frequency: ScheduleFrequency, slotAt: number): { from: number; until: number } {
    const day = time.localDay(slotAt);
    if (frequency === "daily") return { from: day - DAY_MS, until: day - DAY_MS };
    if (frequency === "weekly") return { from: day - 7 * DAY_MS, until: day - DAY_MS };
    const date = new Date(day);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    return { from: Date.UTC(year, month - 1, 1), until: Date.UTC(year, month, 0) };
  }

  return { nextSlot, latestSlot, period };
}
export type ScheduleClock = ReturnType<typeof scheduleClock>;

const pad = (n: number) => String(n).padStart(2, "0");
/** `YYYY-MM-DD` of a local day (UTC midnight of it). */
export const isoDay = (day: number) => {
  const date = new Date(day);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
};
/** `MM/DD/YYYY` (the API's query dates) of a local day. */
export const apiDay = (day: number) => {
  const date = new Date(day);
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
};
