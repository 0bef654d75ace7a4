import { SAVINGS_REPORT_FILE_NAME, type SavingsReportResponse } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { reportQuery } from "./report-query";

/**
 * «Reporte Ahorro» (issue 36): GET /api/v1/Planning/savings (Admin, SuperAdmin), one row per date,
 * shift and workplace with a plan of the day; its Excel GET Planning/savings/excel (ReporteAhorro.xlsx).
 */
export const savingsReport = reportQuery<SavingsReportResponse>(
  "savings",
  API.planning.savings,
  API.planning.savingsExcel,
  SAVINGS_REPORT_FILE_NAME,
);
