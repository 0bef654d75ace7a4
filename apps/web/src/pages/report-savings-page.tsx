import { SavingsReport } from "../features/reports/components/savings-report";

/** «Reporte Ahorro» (issue 36): what the plans of the day saved (vehicles, km, cost, kg CO₂), with Excel. */
export function ReportSavingsPage() {
  return <SavingsReport />;
}
