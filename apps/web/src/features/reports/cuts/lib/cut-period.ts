import { format24hTime, formatDate } from "@treiber/client/format";
import type { Dayjs } from "dayjs";
import { type DateInput, dayjs } from "../../../../shared/format";

const isLocalMidnight = (value: DateInput) => {
  const date = dayjs(value);
  return date.isSame(date.startOf("day"));
};

/**
 * A cut's period `[since, until)` in the viewer's local time: whole days as "14/09/2026 – 20/09/2026"
 * (the last day is the one before `until`), otherwise with the time ("… 15:42").
 */
export function formatCutPeriod(sinceDate: string, untilDate: string): string {
  if (isLocalMidnight(sinceDate) && isLocalMidnight(untilDate)) {
    const lastDay = dayjs(untilDate).subtract(1, "day");
    return `${formatDate(sinceDate)} – ${formatDate(lastDay)}`;
  }
  const dateTime = (value: string) => `${formatDate(value)} ${format24hTime(value)}`;
  return `${dateTime(sinceDate)} – ${dateTime(untilDate)}`;
}

/** Days the first cut proposes when there is none yet: the reports' week, through yesterday. */
const FIRST_CUT_DAYS = 7;

/**
 * The next cut's proposal: it starts where the last cut ended (`lastUntilDate`) or, for the first
 * cut, a week before today; it ends with yesterday (local), because a day still running is never
 * cut — a trip in progress today goes into the next cut. `lastDay` is the last whole day included;
 * null when the last cut already reaches today (nothing can be cut until tomorrow).
 */
export function proposeNextCut(lastUntilDate: string | null, now: Date = new Date()) {
  const today = dayjs(now).startOf("day");
  const since = lastUntilDate ? dayjs(lastUntilDate) : today.subtract(FIRST_CUT_DAYS, "day");
  const yesterday = today.subtract(1, "day");
  const lastDay = since.isBefore(today) ? yesterday : null;
  return { since, lastDay };
}

/** The cut's `until` for a chosen last day: the next local midnight, never after today's start. */
export function cutUntilOf(lastDay: Dayjs, now: Date = new Date()): Dayjs {
  const afterLastDay = lastDay.add(1, "day").startOf("day");
  const today = dayjs(now).startOf("day");
  return afterLastDay.isAfter(today) ? today : afterLastDay;
}
