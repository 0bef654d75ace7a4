import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type DriverReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

export const DRIVER_ROUTE_NOT_SCHEDULED_REPORT_EXCEL = {
  path: clientPath(API.driver.reportRouteNotScheduledExcel),
  fileName: REPORT_FILE_NAMES.driverRouteNotScheduled,
} as const;

/** GET /api/v1/Driver/report/routeNotScheduled (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
export async function getDriverRouteNotScheduledReport(
  request: ReportRequest,
): Promise<DriverReportResponse> {
  const { data } = await http.get<DriverReportResponse>(clientPath(API.driver.reportRouteNotScheduled), {
    params: request,
  });
  return data;
}

export function driverRouteNotScheduledReportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, "driver-route-not-scheduled", request],
    queryFn: () => getDriverRouteNotScheduledReport(request),
    placeholderData: keepPreviousData,
  });
}

export function useDriverRouteNotScheduledReport(request: ReportRequest) {
  return useQuery(driverRouteNotScheduledReportQueryOptions(request));
}
