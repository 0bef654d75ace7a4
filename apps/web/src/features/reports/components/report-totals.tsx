import { Card, Col, Row, Statistic } from "antd";

export interface ReportTotal {
  label: string;
  value: string | number | undefined;
}

/** The totals of a report, shown above its table. */
export function ReportTotals({ totals, loading }: { totals: ReportTotal[]; loading: boolean }) {
  return (
    <Row gutter={[16, 16]} data-testid="report-totals">
      {totals.map((total) => (
        <Col key={total.label} xs={24} sm={12} lg={6}>
          <Card size="small">
            <Statistic
              title={total.label}
              value={total.value ?? "—"}
              loading={loading && total.value === undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
