import { useRouteReportBody } from "../hooks/use-route-report-body";
import { TOTAL_CAPTIONS } from "../lib/total-captions";
import { DestinationFilter, SupplierFilter } from "./report-filters";
import { ReportLayout } from "./report-layout";
import type { RouteReportRow } from "./route-report-columns";

/** Reporte por destino: cost of the routes to a destination (GET Route/report with destinationId). */
export function DestinationReport() {
  const body = useRouteReportBody(["destinationId", "supplierName"], TOTAL_CAPTIONS.destinationCost);
  return (
    <ReportLayout<RouteReportRow>
      title="Reporte por destino"
      {...body}
      filters={
        <>
          <DestinationFilter report={body.report} />
          <SupplierFilter report={body.report} />
        </>
      }
    />
  );
}
