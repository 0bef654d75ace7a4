import { CarOutlined, CloseCircleOutlined, NodeIndexOutlined, TeamOutlined } from "@ant-design/icons";
import type { ServiceStatsResponse } from "@treiber/contract";
import { Card, Col, Row, Statistic } from "antd";
import type { ReactNode } from "react";

export const STAT_LABELS: Record<keyof ServiceStatsResponse, string> = {
  amountIntermediateRoute: "Rutas realizadas",
  amountNotScheduleServices: "Rutas no programadas",
  amountEmployeeService: "Colaboradores transportados",
  amountEmployeeCanceledService: "Servicios cancelados",
};

const ICONS: Record<keyof ServiceStatsResponse, ReactNode> = {
  amountIntermediateRoute: <CarOutlined />,
  amountNotScheduleServices: <NodeIndexOutlined />,
  amountEmployeeService: <TeamOutlined />,
  amountEmployeeCanceledService: <CloseCircleOutlined />,
};

const ORDER = Object.keys(STAT_LABELS) as (keyof ServiceStatsResponse)[];

/** The four service statistics of the dashboard. */
export function StatCards({ stats, loading }: { stats: ServiceStatsResponse | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {ORDER.map((key) => (
        <Col key={key} xs={24} sm={12} xl={6}>
          <Card size="small">
            <Statistic
              title={STAT_LABELS[key]}
              value={stats?.[key] ?? 0}
              prefix={ICONS[key]}
              loading={loading && !stats}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
