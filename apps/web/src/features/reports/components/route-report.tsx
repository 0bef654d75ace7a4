import { PageSection } from "../../../shared/components/page-section";
import { RelatedLinks } from "../../../shared/components/related-links";
import { useRouteReportBody } from "../hooks/use-route-report-body";
import { RouteFilter, SupplierFilter } from "./report-filters";
import { ReportBody } from "./report-layout";
import { ReportTabs } from "./report-tabs";
import { RouteNotScheduledReport } from "./route-not-scheduled-report";
import type { RouteReportRow } from "./route-report-columns";

/** Cost of each scheduled route and supplier in the range (GET Route/report). */
function ScheduledRouteReport() {
  const body = useRouteReportBody(["supplierName", "routeName"]);
  return (
    <ReportBody<RouteReportRow>
      {...body}
      filters={
        <>
          <SupplierFilter report={body.report} />
          <RouteFilter report={body.report} />
        </>
      }
    />
  );
}

/** Reporte Rutas: scheduled routes (by route and supplier) and not-scheduled route trips. */
export function RouteReport() {
  return (
    <PageSection title="Reporte Rutas">
      <RelatedLinks links={[{ to: "/reportDestinationDELETED", label: "Reporte por destino" }]} />
      <ReportTabs
        tabs={[
          { key: "scheduled", label: "Rutas programadas", render: () => <ScheduledRouteReport /> },
          { key: "notScheduled", label: "Rutas no programadas", render: () => <RouteNotScheduledReport /> },
        ]}
      />
    </PageSection>
  );
}
