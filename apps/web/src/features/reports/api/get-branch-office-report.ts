import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type BranchOfficeReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";
import { http } from "../../../shared/api/http-client";
import { REPORTS_KEY } from "../../../shared/api/query-keys";
import type { ReportRequest } from "../hooks/use-report-params";

export const BRANCH_OFFICE_REPORT_EXCEL = {
  path: clientPath(API.branchOffice.reportExcel),
  fileName: REPORT_FILE_NAMES.branchOffice,
} as const;

/** GET /api/v1/BranchOffice/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
export async function getBranchOfficeReport(request: ReportRequest): Promise<BranchOfficeReportResponse> {
  const { data } = await http.get<BranchOfficeReportResponse>(clientPath(API.branchOffice.report), {
    params: request,
  });
  return data;
}

export function branchOfficeReportQueryOptions(request: ReportRequest) {
  return queryOptions({
    queryKey: [...REPORTS_KEY, "branch-office", request],
    queryFn: () => getBranchOfficeReport(request),
    placeholderData: keepPreviousData,
  });
}

export function useBranchOfficeReport(request: ReportRequest) {
  return useQuery(branchOfficeReportQueryOptions(request));
}
