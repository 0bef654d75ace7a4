import { DatePicker } from "antd";
import { API_DATE_FORMAT as API_FORMAT, dayjs } from "../../format";
import { DATE_PICKER_FORMAT } from "../../forms/time-of-day";

export interface DateRangeFilterProps {
  sinceDate: string | undefined;
  untilDate: string | undefined;
  onChange: (sinceDate: string | undefined, untilDate: string | undefined) => void;
}

/**
 * A date-range picker whose values are API dates (MM/DD/YYYY); shown as DD/MM/YYYY.
 *
 * `allowEmpty` works around an antd 6.6.8 regression (ant-design#58970, no fixed release yet): with
 * an empty "Desde" the picker's focus lock sends Tab back to "Desde", trapping keyboard users.
 * Letting the fields be empty lets Tab move on; the filter still applies only with both dates.
 */
export function DateRangeFilter({ sinceDate, untilDate, onChange }: DateRangeFilterProps) {
  const since = sinceDate ? dayjs(sinceDate, API_FORMAT) : null;
  const until = untilDate ? dayjs(untilDate, API_FORMAT) : null;
  const value = since?.isValid() && until?.isValid() ? ([since, until] as const) : null;
  return (
    <DatePicker.RangePicker
      aria-label="Rango de fechas"
      allowEmpty={[true, true]}
      format={DATE_PICKER_FORMAT}
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
