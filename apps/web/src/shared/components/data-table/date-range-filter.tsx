import { DatePicker } from "antd";
import { dayjs } from "../../format";

const API_FORMAT = "MM/DD/YYYY";

export interface DateRangeFilterProps {
  sinceDate: string | undefined;
  untilDate: string | undefined;
  onChange: (sinceDate: string | undefined, untilDate: string | undefined) => void;
}

/** A date-range picker whose values are API dates (MM/DD/YYYY); shown as DD/MM/YYYY. */
export function DateRangeFilter({ sinceDate, untilDate, onChange }: DateRangeFilterProps) {
  const since = sinceDate ? dayjs(sinceDate, API_FORMAT) : null;
  const until = untilDate ? dayjs(untilDate, API_FORMAT) : null;
  const value = since?.isValid() && until?.isValid() ? ([since, until] as const) : null;
  return (
    <DatePicker.RangePicker
      aria-label="Rango de fechas"
      format="DD/MM/YYYY"
      placeholder={["Desde", "Hasta"]}
      value={value ? [value[0], value[1]] : null}
      onChange={(range) => {
        const [from, to] = range ?? [];
        if (from && to) onChange(from.format(API_FORMAT), to.format(API_FORMAT));
        else onChange(undefined, undefined);
      }}
    />
  );
}
