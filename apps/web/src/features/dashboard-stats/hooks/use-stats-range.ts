import type { StatsQuery } from "@treiber/contract";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { DEFAULT_RANGE_DAYS } from "../../../shared/constants";
import { lastDays, toApiDate } from "../../../shared/format";

/** The dashboard's range in the URL (sinceDate/untilDate, MM/DD/YYYY); default the last 6 days. */
export function useStatsRange() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [since, until] = lastDays(DEFAULT_RANGE_DAYS);
  const defaultSince = toApiDate(since);
  const defaultUntil = toApiDate(until);
  const sinceDate = searchParams.get("sinceDate");
  const untilDate = searchParams.get("untilDate");

  const range: StatsQuery = useMemo(
    () =>
      sinceDate && untilDate
        ? { sinceDate, untilDate }
        : { sinceDate: defaultSince, untilDate: defaultUntil },
    [sinceDate, untilDate, defaultSince, defaultUntil],
  );

  const setRange = useCallback(
    (nextSince: string | undefined, nextUntil: string | undefined) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (nextSince && nextUntil) {
            next.set("sinceDate", nextSince);
            next.set("untilDate", nextUntil);
          } else {
            next.delete("sinceDate");
            next.delete("untilDate");
          }
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { range, setRange };
}
