import { type DateInput, dayjs } from "./dayjs-setup";

/** The API's query date format (spec §9), also the URL's. */
export const API_DATE_FORMAT = "MM/DD/YYYY";

/** API query date 'MM/DD/YYYY' (spec §9). */
export function toApiDate(value: DateInput): string {
  return dayjs(value).format(API_DATE_FORMAT);
}

/** Cut generation date: 'YYYY-MM-DDTHH:mm:ss' in UTC with a 'Z' suffix (spec §5). */
export function toCutDate(value: DateInput): string {
  return `${dayjs(value).utc().format("YYYY-MM-DDTHH:mm:ss")}Z`;
}

/** Default UTC format 'YYYY-MM-DD HH:mm:ss' (spec §9). */
export function toUtcString(value: DateInput): string {
  return dayjs(value).utc().format("YYYY-MM-DD HH:mm:ss");
}
