import { type DriverReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/** GET /api/v1/Driver/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
const report = reportQuery<DriverReportResponse>(
  "driver",
  API.driver.report,
  API.driver.reportExcel,
  REPORT_FILE_NAMES.driver,
);

export const DRIVER_REPORT_EXCEL = report.excel;
export const useDriverReport = report.useReport;
