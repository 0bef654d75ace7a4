import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import {
  BOOKING_REPORT_FILE_NAME,
  type BookingReportResponse,
  type BookingReportView,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

/** «Reporte Reservas»' request: the reports' (paging, search, MM/DD/YYYY range, filters) and its view. */
export type BookingReportRequest = ReportRequest & { view: BookingReportView };

/** The bookings report's Excel: every row of the chosen view (GET Booking/report/excel, same query). */
export const BOOKING_REPORT_EXCEL = {
  path: clientPath(API.booking.reportExcel),
  fileName: BOOKING_REPORT_FILE_NAME,
};

/**
 * GET /api/v1/Booking/report (Admin, SuperAdmin): `view=days`, demand against seats per route and
 * service day; `view=collaborators`, the no-show rate per collaborator and route; the period's totals.
 */
export async function getBookingReport(request: BookingReportRequest): Promise<BookingReportResponse> {
  const { data } = await http.get<BookingReportResponse>(clientPath(API.booking.report), { params: request });
  return data;
}

export function bookingReportQueryOptions(request: BookingReportRequest) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, "bookings", request],
    queryFn: () => getBookingReport(request),
    placeholderData: keepPreviousData,
  });
}

export function useBookingReport(request: BookingReportRequest) {
  return useQuery(bookingReportQueryOptions(request));
}
