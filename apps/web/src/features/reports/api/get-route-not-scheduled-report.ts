import { REPORT_FILE_NAMES, type RouteNotScheduledReportResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/** GET /api/v1/RouteNotScheduled/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
const report = reportQuery<RouteNotScheduledReportResponse>(
  "route-not-scheduled",
  API.routeNotScheduled.report,
  API.routeNotScheduled.reportExcel,
  REPORT_FILE_NAMES.routeNotScheduled,
);

export const ROUTE_NOT_SCHEDULED_REPORT_EXCEL = report.excel;
export const useRouteNotScheduledReport = report.useReport;
