import { type EmployeeReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/** GET /api/v1/Employee/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
const report = reportQuery<EmployeeReportResponse>(
  "employee",
  API.employee.report,
  API.employee.reportExcel,
  REPORT_FILE_NAMES.employee,
);

export const EMPLOYEE_REPORT_EXCEL = report.excel;
export const useEmployeeReport = report.useReport;
