/**
 * The back office's dayjs (Spanish, strict parsing, UTC) for antd's pickers and the API's own
 * formats (query dates, cut dates). What users read (dates, times, money, minutes, km, 'Hace ...')
 * comes from @treiber/client/format, shared with Treiber App; a booking's service date `YYYY-MM-DD`
 * is shown through it too (service-date.ts).
 */
export { API_DATE_FORMAT, toApiDate, toCutDate, toUtcString } from "./api-dates";
export { type DateRange, lastDays } from "./date-range";
export { type DateInput, dayjs } from "./dayjs-setup";
export { formatServiceDate, isServiceDate, SERVICE_DATE_FORMAT, toServiceDate } from "./service-date";
