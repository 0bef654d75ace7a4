import { RouteReport } from "../features/reports/components/route-report";

export function ReportRoutePage() {
  return <RouteReport />;
}
