import { IncidentReport } from "../features/reports/components/incident-report";

/** Reporte Incidencias (issue 25): on-time performance and incidents of a period. */
export function ReportIncidentPage() {
  return <IncidentReport />;
}
