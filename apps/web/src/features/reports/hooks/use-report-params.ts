import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type ListRequest, useTableParams } from "../../../shared/components/data-table";
import { DEFAULT_PAGE_SIZE, DEFAULT_RANGE_DAYS } from "../../../shared/constants";
import { lastDays, toApiDate } from "../../../shared/format";

/** Report filters kept in the URL besides page, criterion and the date range. */
export type ReportFilterKey =
  | "supplierName"
  | "routeName"
  | "driverId"
  | "destinationId"
  | "branchOfficeId"
  | "supplierId"
  | "shiftId"
  /** «Llegadas seguras» (issue 38): a check's status. */
  | "status";
export type ReportFilters = Partial<Record<ReportFilterKey, string>>;

/** A report request (spec §3): the list request plus the range and the report's own filters. */
export type ReportRequest = ListRequest & { sinceDate: string; untilDate: string } & ReportFilters;

/** Default range of the reports (spec §9): the last 6 days through today, as API dates. */
export function defaultReportRange(today: Date = new Date()): [string, string] {
  const [since, until] = lastDays(DEFAULT_RANGE_DAYS, today);
  return [toApiDate(since), toApiDate(until)];
}

/**
 * The filters of a report page, all in the URL: page, criterion, the date range (default: the
 * last 6 days) and the given extra filters. Changing a filter goes back to page 1.
 */
export function useReportParams(keys: readonly ReportFilterKey[], pageSize = DEFAULT_PAGE_SIZE) {
  const [defaultSince, defaultUntil] = defaultReportRange();
  const table = useTableParams(pageSize, { defaultDateRange: [defaultSince, defaultUntil] });
  const [searchParams, setSearchParams] = useSearchParams();
  const keyList = keys.join(",");

  const filters: ReportFilters = useMemo(() => {
    const values: ReportFilters = {};
    for (const key of keyList.split(",")) {
      const value = searchParams.get(key);
      if (value) values[key as ReportFilterKey] = value;
    }
    return values;
  }, [searchParams, keyList]);

  const setFilter = useCallback(
    (key: ReportFilterKey, value: string | undefined) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(key, value);
          else next.delete(key);
          next.delete("page");
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  const request: ReportRequest = useMemo(
    () => ({
      ...table.request,
      sinceDate: table.params.sinceDate ?? defaultSince,
      untilDate: table.params.untilDate ?? defaultUntil,
      ...filters,
    }),
    [table.request, table.params.sinceDate, table.params.untilDate, filters, defaultSince, defaultUntil],
  );

  return { table, filters, setFilter, request };
}

export type ReportParamsState = ReturnType<typeof useReportParams>;
