import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { BookingReportDayItem, BookingReportResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { BOOKINGS_KEY } from "../../../shared/api/query-keys";

/** Which routes of a service date: every shift, or one. */
export interface BookingDayQuery {
  /** `YYYY-MM-DD`. */
  date: string;
  shiftId?: number;
}

/** The largest page `GET Booking/report` gives. */
const PAGE = 100;

/**
 * The routes running on a service date, each with its seats and counts: «Reporte Reservas»' view
 * `days` (GET /api/v1/Booking/report) for that one date, optionally one shift, read until the total.
 */
export async function listBookingDayRoutes(query: BookingDayQuery): Promise<BookingReportDayItem[]> {
  const routes: BookingReportDayItem[] = [];
  for (let skip = 1; ; skip += 1) {
    const { data } = await http.get<BookingReportResponse>(clientPath(API.booking.report), {
      params: {
        view: "days",
        sinceDate: query.date,
        untilDate: query.date,
        ...(query.shiftId ? { shiftId: query.shiftId } : {}),
        amount: PAGE,
        skip,
      },
    });
    if (data.data.view !== "days") break;
    routes.push(...data.data.items);
    if (data.data.items.length < PAGE || skip * PAGE >= data.amount) break;
  }
  return routes;
}

export function bookingDayRoutesQueryOptions(query: BookingDayQuery) {
  return queryOptions({
    queryKey: [...BOOKINGS_KEY, "day", query],
    queryFn: () => listBookingDayRoutes(query),
    placeholderData: keepPreviousData,
  });
}

export function useBookingDayRoutes(query: BookingDayQuery) {
  return useQuery(bookingDayRoutesQueryOptions(query));
}
