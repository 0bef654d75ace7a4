import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type DriverReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

export const DRIVER_REPORT_EXCEL = {
  path: clientPath(API.driver.reportExcel),
  fileName: REPORT_FILE_NAMES.driver,
} as const;

/** GET /api/v1/Driver/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
export async function getDriverReport(request: ReportRequest): Promise<DriverReportResponse> {
  const { data } = await http.get<DriverReportResponse>(clientPath(API.driver.report), { params: request });
  return data;
}

export function driverReportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, "driver", request],
    queryFn: () => getDriverReport(request),
    placeholderData: keepPreviousData,
  });
}

export function useDriverReport(request: ReportRequest) {
  return useQuery(driverReportQueryOptions(request));
}
