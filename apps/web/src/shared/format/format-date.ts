import { type DateInput, dayjs } from "./dayjs-setup";

/** Display date 'DD/MM/YYYY' in the browser's time zone. */
export function formatDate(value: DateInput): string {
  return dayjs(value).format("DD/MM/YYYY");
}

/** Display time 'h:mm:ss a'. */
export function formatTime(value: DateInput): string {
  return dayjs(value).format("h:mm:ss a");
}
