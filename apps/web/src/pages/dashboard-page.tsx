import { Col } from "antd";
import { DashboardStats } from "../features/dashboard-stats/components/dashboard-stats";
import { LiveMap } from "../features/live-map";
import { PageSection } from "../shared/components/page-section";

export function DashboardPage() {
  return (
    <PageSection title="Dashboard">
      <DashboardStats
        aside={
          <Col xs={24} xl={14} data-testid="live-map-slot">
            <LiveMap />
          </Col>
        }
      />
    </PageSection>
  );
}
