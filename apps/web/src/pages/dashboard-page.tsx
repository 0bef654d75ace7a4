import { Col, Typography } from "antd";
import { DashboardStats } from "../features/dashboard-stats/components/dashboard-stats";
import { LiveMap } from "../features/live-map";

export function DashboardPage() {
  return (
    <section>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Dashboard
      </Typography.Title>
      <DashboardStats
        aside={
          <Col xs={24} xl={14} data-testid="live-map-slot">
            <LiveMap />
          </Col>
        }
      />
    </section>
  );
}
