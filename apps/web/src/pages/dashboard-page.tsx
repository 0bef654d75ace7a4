import { Col } from "antd";
import { DashboardStats } from "../features/dashboard-stats/components/dashboard-stats";
import { IncidentsPanel } from "../features/incidents";
import { LiveMap } from "../features/live-map";
import { PageSection } from "../shared/components/page-section";
import { RelatedLinks } from "../shared/components/related-links";

export function DashboardPage() {
  return (
    <PageSection title="Dashboard">
      <RelatedLinks
        links={[
          { to: "/listRoutes", label: "Rutas en curso" },
          { to: "/historyRoutes", label: "Historial de rutas" },
          { to: "/branchOffice", label: "Sucursales" },
        ]}
      />
      <DashboardStats
        chartFullWidth
        aside={
          <>
            <Col xs={24} xl={14} data-testid="live-map-slot">
              <LiveMap titleTo="/listRoutes" />
            </Col>
            <Col xs={24} xl={10} data-testid="incidents-slot">
              <IncidentsPanel listHeight={440} />
            </Col>
          </>
        }
      />
    </PageSection>
  );
}
