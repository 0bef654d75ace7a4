import { Col, Typography } from "antd";
import { DashboardStats } from "../features/dashboard-stats/components/dashboard-stats";

export function DashboardPage() {
  return (
    <section>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Dashboard
      </Typography.Title>
      <DashboardStats
        aside={
          // LIVE MAP SLOT: the lead mounts the live map (features/live-map) in this Col.
          <Col xs={24} xl={14} data-testid="live-map-slot" />
        }
      />
    </section>
  );
}
