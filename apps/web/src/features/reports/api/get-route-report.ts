import { REPORT_FILE_NAMES, type RouteReportResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/** GET /api/v1/Route/report (amount, skip, criterion, sinceDate/untilDate MM/DD/YYYY and filters). */
const report = reportQuery<RouteReportResponse>(
  "route",
  API.route.report,
  API.route.reportExcel,
  REPORT_FILE_NAMES.route,
);

export const ROUTE_REPORT_EXCEL = report.excel;
export const useRouteReport = report.useReport;
