import { DriverReport } from "../features/reports/components/driver-report";

export function ReportDriverPage() {
  return <DriverReport />;
}
