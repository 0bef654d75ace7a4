import type { Dayjs } from "dayjs";
import { dayjs } from "../format";

/**
 * The pickers' formats, in dayjs tokens (antd's pickers take them): the spec's display date and
 * time (§9), as @treiber/client/format writes them in lists.
 */
export const DATE_PICKER_FORMAT = "DD/MM/YYYY";
export const TIME_DISPLAY_FORMAT = "h:mm:ss a";

/**
 * What a time field accepts when typed (issue 13 item 9): the display format first (antd shows
 * the first), then the short 12-hour forms ('6:40 am', '6:40 PM') and 24-hour ones ('18:40').
 */
export const TIME_INPUT_FORMATS = [
  TIME_DISPLAY_FORMAT,
  "h:mm:ss A",
  "h:mm a",
  "h:mm A",
  "h:mma",
  "h:mmA",
  "H:mm:ss",
  "HH:mm:ss",
  "H:mm",
  "HH:mm",
];

/** The picker config both route forms share: 12-hour columns, no seconds column. */
export const TIME_PICKER_PROPS = {
  format: TIME_INPUT_FORMATS,
  use12Hours: true,
  showSecond: false,
  placeholder: "6:40:00 am",
} as const;

export const DATE_TIME_INPUT_FORMATS = TIME_INPUT_FORMATS.map((format) => `${DATE_PICKER_FORMAT} ${format}`);

/** The date-and-time picker config (unscheduled routes): the same time part as TIME_PICKER_PROPS. */
export const DATE_TIME_PICKER_PROPS = {
  format: DATE_TIME_INPUT_FORMATS,
  showTime: { use12Hours: true, showSecond: false, format: TIME_DISPLAY_FORMAT },
  placeholder: "DD/MM/AAAA 6:40:00 am",
} as const;

/** A typed time in any accepted format, or null (the picker's own rule, for tests and reuse). */
export function parseTimeOfDay(text: string): Dayjs | null {
  const trimmed = text.trim();
  for (const format of TIME_INPUT_FORMATS) {
    const parsed = dayjs(trimmed, format, true);
    if (parsed.isValid()) return parsed;
  }
  return null;
}

/** An API time of day ('HH:mm' or 'HH:mm:ss') as a picker value, or undefined. */
export function fromApiTime(value: string | null | undefined): Dayjs | undefined {
  return value ? (parseTimeOfDay(value) ?? undefined) : undefined;
}
