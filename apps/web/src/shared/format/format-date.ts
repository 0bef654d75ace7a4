import { type DateInput, dayjs } from "./dayjs-setup";

/** Display date 'DD/MM/YYYY' in the browser's time zone. */
export function formatDate(value: DateInput): string {
  return dayjs(value).format("DD/MM/YYYY");
}

/** Display time 'h:mm:ss a'. */
export function formatTime(value: DateInput): string {
  return dayjs(value).format("h:mm:ss a");
}

/** A time of day as the API sends it ('HH:mm' or 'HH:mm:ss') in the display format 'h:mm:ss a'. */
export function formatClockTime(value: string): string {
  const [hours = 0, minutes = 0, seconds = 0] = value.split(":").map(Number);
  return dayjs().hour(hours).minute(minutes).second(seconds).format("h:mm:ss a");
}
