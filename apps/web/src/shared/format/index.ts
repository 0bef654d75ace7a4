/**
 * The back office's dayjs (Spanish, strict parsing, UTC) for antd's pickers and the API's own
 * formats (query dates, cut dates). What users read (dates, times, money, minutes, km, 'Hace ...')
 * comes from @treiber/client/format, shared with Treiber App.
 */
export { API_DATE_FORMAT, toApiDate, toCutDate, toUtcString } from "./api-dates";
export { type DateRange, lastDays } from "./date-range";
export { type DateInput, dayjs } from "./dayjs-setup";
