import { type DriverReportResponse, REPORT_FILE_NAMES } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/** GET /api/v1/Driver/report/routeNotScheduled (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
const report = reportQuery<DriverReportResponse>(
  "driver-route-not-scheduled",
  API.driver.reportRouteNotScheduled,
  API.driver.reportRouteNotScheduledExcel,
  REPORT_FILE_NAMES.driverRouteNotScheduled,
);

export const DRIVER_ROUTE_NOT_SCHEDULED_REPORT_EXCEL = report.excel;
export const useDriverRouteNotScheduledReport = report.useReport;
