import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_FILE_NAMES, type RouteNotScheduledReportResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

export const ROUTE_NOT_SCHEDULED_REPORT_EXCEL = {
  path: clientPath(API.routeNotScheduled.reportExcel),
  fileName: REPORT_FILE_NAMES.routeNotScheduled,
} as const;

/** GET /api/v1/RouteNotScheduled/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
export async function getRouteNotScheduledReport(
  request: ReportRequest,
): Promise<RouteNotScheduledReportResponse> {
  const { data } = await http.get<RouteNotScheduledReportResponse>(clientPath(API.routeNotScheduled.report), {
    params: request,
  });
  return data;
}

export function routeNotScheduledReportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, "route-not-scheduled", request],
    queryFn: () => getRouteNotScheduledReport(request),
    placeholderData: keepPreviousData,
  });
}

export function useRouteNotScheduledReport(request: ReportRequest) {
  return useQuery(routeNotScheduledReportQueryOptions(request));
}
