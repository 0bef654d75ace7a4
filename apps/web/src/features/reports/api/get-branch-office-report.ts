import { type BranchOfficeReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/** GET /api/v1/BranchOffice/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
const report = reportQuery<BranchOfficeReportResponse>(
  "branch-office",
  API.branchOffice.report,
  API.branchOffice.reportExcel,
  REPORT_FILE_NAMES.branchOffice,
);

export const BRANCH_OFFICE_REPORT_EXCEL = report.excel;
export const useBranchOfficeReport = report.useReport;
