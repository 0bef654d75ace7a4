import { SafeArrivalReport } from "../features/reports/components/safe-arrival-report";

/** «Llegadas seguras» (issue 38): night drops and whether each rider confirmed arriving home. */
export function ReportSafeArrivalPage() {
  return <SafeArrivalReport />;
}
