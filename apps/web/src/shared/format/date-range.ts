import { dayjs } from "./dayjs-setup";

export type DateRange = [dayjs.Dayjs, dayjs.Dayjs];

/** Default range: the last `days` days through today, e.g. lastDays(6) → [today-6, today]. */
export function lastDays(days: number, today: Date | dayjs.Dayjs = new Date()): DateRange {
  const end = dayjs(today);
  return [end.subtract(days, "day").startOf("day"), end.endOf("day")];
}
