import { SAFE_ARRIVAL_REPORT_FILE_NAME, type SafeArrivalReportResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/**
 * «Llegadas seguras» (issue 38): GET /api/v1/SafeArrival/report (Admin, SuperAdmin), the night
 * drops of the range with their «¿Llegó bien?» check, by branch office and status; its Excel
 * GET SafeArrival/report/excel with the same query (ReporteLlegadasSeguras.xlsx).
 */
export const safeArrivalReport = reportQuery<SafeArrivalReportResponse>(
  "safe-arrival",
  API.safeArrival.report,
  API.safeArrival.reportExcel,
  SAFE_ARRIVAL_REPORT_FILE_NAME,
);
