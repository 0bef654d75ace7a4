import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { API_DATE_FORMAT, dayjs, lastDays, toApiDate } from "../format";

const API_DATE = /^\d{2}\/\d{2}\/\d{4}$/;

export interface DateRange {
  /** MM/DD/YYYY */
  sinceDate: string;
  /** MM/DD/YYYY */
  untilDate: string;
}

/**
 * The date range in the URL (`sinceDate` and `untilDate`, MM/DD/YYYY); without a valid pair, the
 * last `days` days through `today`.
 */
export function useUrlDateRange(days: number, today: Date = new Date()): DateRange {
  const [searchParams] = useSearchParams();
  const todayKey = toApiDate(today);
  const since = searchParams.get("sinceDate");
  const until = searchParams.get("untilDate");
  return useMemo(() => {
    if (since !== null && until !== null && API_DATE.test(since) && API_DATE.test(until)) {
      return { sinceDate: since, untilDate: until };
    }
    const [defaultSince, defaultUntil] = lastDays(days, dayjs(todayKey, API_DATE_FORMAT));
    return { sinceDate: toApiDate(defaultSince), untilDate: toApiDate(defaultUntil) };
  }, [since, until, days, todayKey]);
}
