import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type EmployeeReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

export const EMPLOYEE_REPORT_EXCEL = {
  path: clientPath(API.employee.reportExcel),
  fileName: REPORT_FILE_NAMES.employee,
} as const;

/** GET /api/v1/Employee/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
export async function getEmployeeReport(request: ReportRequest): Promise<EmployeeReportResponse> {
  const { data } = await http.get<EmployeeReportResponse>(clientPath(API.employee.report), {
    params: request,
  });
  return data;
}

export function employeeReportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, "employee", request],
    queryFn: () => getEmployeeReport(request),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeReport(request: ReportRequest) {
  return useQuery(employeeReportQueryOptions(request));
}
