export { toApiDate, toCutDate, toUtcString } from "./api-dates";
export { type DateRange, lastDays } from "./date-range";
export { type DateInput, dayjs } from "./dayjs-setup";
export { formatClockTime, formatDate, formatTime } from "./format-date";
export { formatDuration, formatMinutes } from "./format-minutes";
export { formatMoney } from "./format-money";
export { formatRelative } from "./format-relative";
export { timeAgo } from "./time-ago";
