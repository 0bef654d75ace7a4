import { Card, Col, Row, Statistic, Typography } from "antd";

export interface ReportTotal {
  label: string;
  value: string | number | undefined;
  /** What the total covers (which trips, which routes), shown under it. */
  caption?: string;
}

/** The totals of a report, shown above its table, each with what it covers. */
export function ReportTotals({ totals, loading }: { totals: ReportTotal[]; loading: boolean }) {
  return (
    <Row gutter={[16, 16]} data-testid="report-totals">
      {totals.map((total) => (
        <Col key={total.label} xs={24} sm={12} lg={6}>
          <Card size="small" style={{ height: "100%" }}>
            <Statistic
              title={total.label}
              value={total.value ?? "—"}
              loading={loading && total.value === undefined}
            />
            {total.caption && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="report-total-caption">
                {total.caption}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
