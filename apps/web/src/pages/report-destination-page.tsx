import { DestinationReport } from "../features/reports/components/destination-report";

export function ReportDestinationPage() {
  return <DestinationReport />;
}
