import { Col, Flex, Row } from "antd";
import type { ReactNode } from "react";
import { DateRangeFilter } from "../../../shared/components/data-table";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useServiceStats } from "../api/get-service-stats";
import { useSupplierStats } from "../api/get-supplier-stats";
import { useStatsRange } from "../hooks/use-stats-range";
import { StatCards } from "./stat-cards";
import { SupplierChart } from "./supplier-chart";

export interface DashboardStatsProps {
  /** Content shown beside the supplier chart (the dashboard's live map). */
  aside?: ReactNode;
  /** The supplier chart beside the aside (default) or on its own full-width row below it. */
  chartFullWidth?: boolean;
}

/** Dashboard statistics: a date range (in the URL), the service cards and the per-supplier chart. */
export function DashboardStats({ aside, chartFullWidth = false }: DashboardStatsProps) {
  const { range, setRange } = useStatsRange();
  const services = useServiceStats(range);
  const suppliers = useSupplierStats(range);
  const error = services.error ?? suppliers.error;
  return (
    <Flex vertical gap={16}>
      <Flex justify="flex-end">
        <DateRangeFilter sinceDate={range.sinceDate} untilDate={range.untilDate} onChange={setRange} />
      </Flex>
      {error ? (
        <ErrorAlert
          error={error}
          onRetry={() => {
            void services.refetch();
            void suppliers.refetch();
          }}
        />
      ) : null}
      <StatCards stats={services.data} loading={services.isFetching} />
      <Row gutter={[16, 16]}>
        {aside}
        <Col xs={24} xl={aside && !chartFullWidth ? 10 : 24}>
          <SupplierChart stats={suppliers.data} loading={suppliers.isFetching} />
        </Col>
      </Row>
    </Flex>
  );
}
