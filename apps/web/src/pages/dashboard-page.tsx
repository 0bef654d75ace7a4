import { Col } from "antd";
import { DashboardStats } from "../features/dashboard-stats/components/dashboard-stats";
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
        aside={
          <Col xs={24} xl={14} data-testid="live-map-slot">
            <LiveMap titleTo="/listRoutes" />
          </Col>
        }
      />
    </PageSection>
  );
}
