import { ROUTE_HISTORY_DEFAULT_DAYS, ROUTE_HISTORY_PAGE_SIZE } from "@treiber/contract";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { readPage, useUrlParamsUpdate } from "../../../shared/components/data-table";
import { useUrlDateRange } from "../../../shared/hooks/use-url-date-range";
import type { TripHistoryRequest } from "../api/list-trip-history";

function readId(value: string | null): number {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : 0;
}

/**
 * Filters of the route history, kept in the URL: `driverId`, `routeId` (0 = all), `sinceDate`,
 * `untilDate` (MM/DD/YYYY, the last 20 days by default), `page` (5 per page) and the open `trip`.
 */
export function useTripHistoryFilters(today: Date = new Date()) {
  const [searchParams] = useSearchParams();
  const range = useUrlDateRange(ROUTE_HISTORY_DEFAULT_DAYS, today);

  const filters = useMemo(() => {
    const trip = readId(searchParams.get("trip"));
    return {
      driverId: readId(searchParams.get("driverId")),
      routeId: readId(searchParams.get("routeId")),
      sinceDate: range.sinceDate,
      untilDate: range.untilDate,
      page: readPage(searchParams.get("page")),
      trip: trip > 0 ? trip : null,
    };
  }, [searchParams, range]);

  const update = useUrlParamsUpdate({ replace: false, dropZero: true });

  const request: TripHistoryRequest = useMemo(
    () => ({
      driverId: filters.driverId,
      routeId: filters.routeId,
      sinceDate: filters.sinceDate,
      untilDate: filters.untilDate,
      skip: filters.page,
      amount: ROUTE_HISTORY_PAGE_SIZE,
    }),
    [filters],
  );

  return {
    filters,
    request,
    pageSize: ROUTE_HISTORY_PAGE_SIZE,
    setPage: (page: number) => update({ page }),
    setDriver: (driverId: number) => update({ driverId, page: undefined }),
    setRoute: (routeId: number) => update({ routeId, page: undefined }),
    setDateRange: (sinceDate: string | undefined, untilDate: string | undefined) =>
      update({ sinceDate, untilDate, page: undefined }),
    openTrip: (id: number | null) => update({ trip: id ?? undefined }),
  };
}
