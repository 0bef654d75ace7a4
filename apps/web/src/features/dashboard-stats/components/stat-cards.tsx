import {
  CarOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  NodeIndexOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { ServiceStatsResponse } from "@treiber/contract";
import { Card, Col, Row, Statistic } from "antd";
import type { ReactNode } from "react";

export const STAT_LABELS: Record<keyof ServiceStatsResponse, string> = {
  amountIntermediateRoute: "Rutas realizadas",
  amountNotScheduleServices: "Rutas no programadas",
  amountEmployeeService: "Colaboradores transportados",
  amountEmployeeCanceledService: "Servicios cancelados",
  amountInProgress: "Rutas en curso (sin terminar)",
};

const ICONS: Record<keyof ServiceStatsResponse, ReactNode> = {
  amountIntermediateRoute: <CarOutlined />,
  amountNotScheduleServices: <NodeIndexOutlined />,
  amountEmployeeService: <TeamOutlined />,
  amountEmployeeCanceledService: <CloseCircleOutlined />,
  amountInProgress: <ClockCircleOutlined />,
};

const ORDER = Object.keys(STAT_LABELS) as (keyof ServiceStatsResponse)[];

/** The service statistics of the dashboard: finished trips by their end, trips in progress apart. */
export function StatCards({ stats, loading }: { stats: ServiceStatsResponse | undefined; loading: boolean }) {
  return (
    <Row gutter={[16, 16]}>
      {ORDER.map((key) => (
        <Col key={key} xs={24} sm={12} lg={8} xl={{ flex: "1 1 0" }}>
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
