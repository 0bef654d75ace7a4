import type { ComplianceResponse } from "@treiber/contract";
import { Card, Col, Row, Statistic } from "antd";

const COUNTERS = [
  { key: "blockedDrivers", title: "Choferes bloqueados", color: "#cf1322" },
  { key: "expired", title: "Vencidos", color: "#d4380d" },
  { key: "expiring", title: "Por vencer", color: "#d48806" },
] as const;

/** The whole filter's figures: drivers who cannot start a trip today, papers expired and expiring. */
export function ComplianceCounters({ data }: { data: ComplianceResponse | undefined }) {
  return (
    <Row gutter={[16, 16]}>
      {COUNTERS.map(({ key, title, color }) => (
        <Col key={key} xs={24} sm={8}>
          <Card size="small" data-testid={`compliance-${key}`}>
            <Statistic title={title} value={data?.[key] ?? "—"} styles={{ content: { color } }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
