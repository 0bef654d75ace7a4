import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { REPORT_FILE_NAMES, type RouteReportResponse } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

export const ROUTE_REPORT_EXCEL = {
  path: clientPath(API.route.reportExcel),
  fileName: REPORT_FILE_NAMES.route,
} as const;

/** GET /api/v1/Route/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
export async function getRouteReport(request: ReportRequest): Promise<RouteReportResponse> {
  const { data } = await http.get<RouteReportResponse>(clientPath(API.route.report), { params: request });
  return data;
}

export function routeReportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, "route", request],
    queryFn: () => getRouteReport(request),
    placeholderData: keepPreviousData,
  });
}

export function useRouteReport(request: ReportRequest) {
  return useQuery(routeReportQueryOptions(request));
}
