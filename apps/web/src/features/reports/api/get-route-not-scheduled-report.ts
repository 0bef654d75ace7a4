import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_FILE_NAMES, type RouteNotScheduledReportResponse } from "@treiber/contract";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

export const ROUTE_NOT_SCHEDULED_REPORT_EXCEL = {
  path: "/RouteNotScheduled/report/excel",
  fileName: REPORT_FILE_NAMES.routeNotScheduled,
} as const;

/** GET /api/v1/RouteNotScheduled/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
export async function getRouteNotScheduledReport(
  request: ReportRequest,
): Promise<RouteNotScheduledReportResponse> {
  const { data } = await http.get<RouteNotScheduledReportResponse>("/RouteNotScheduled/report", {
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
