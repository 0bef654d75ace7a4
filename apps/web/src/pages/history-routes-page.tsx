import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Card, Flex } from "antd";
import { useTripHistory } from "../features/trips/api/list-trip-history";
import { FinishedTripDetail } from "../features/trips/components/finished-trip-detail";
import { TripHistoryFilters } from "../features/trips/components/trip-history-filters";
import { TripHistoryTable } from "../features/trips/components/trip-history-table";
import { useTripHistoryFilters } from "../features/trips/hooks/use-trip-history-filters";
import { PageSection } from "../shared/components/page-section";
import { PageTitle } from "../shared/components/page-title";
import { RelatedLinks } from "../shared/components/related-links";

/** /historyRoutes: finished trips by driver, route and date (last 20 days), with their detail. */
export function HistoryRoutesPage() {
  const history = useTripHistoryFilters();
  const { filters } = history;
  const query = useTripHistory(history.request);

  if (filters.trip !== null) {
    return (
      <section>
        <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => history.openTrip(null)}>
            Volver al historial
          </Button>
          <PageTitle style={{ margin: 0 }}>Detalle de la ruta</PageTitle>
        </Flex>
        <FinishedTripDetail id={filters.trip} />
      </section>
    );
  }

  return (
    <PageSection title="Historial de rutas">
      <RelatedLinks links={[{ to: "/listRoutes", label: "Rutas en curso" }]} />
      <Card>
        <Flex vertical gap={16}>
          <TripHistoryFilters
            driverId={filters.driverId}
            routeId={filters.routeId}
            sinceDate={filters.sinceDate}
            untilDate={filters.untilDate}
            onDriverChange={history.setDriver}
            onRouteChange={history.setRoute}
            onDateRangeChange={history.setDateRange}
          />
          <TripHistoryTable
            rows={query.data?.data}
            total={query.data?.amount}
            page={filters.page}
            pageSize={history.pageSize}
            loading={query.isFetching}
            error={query.error}
            onRetry={() => void query.refetch()}
            onPageChange={history.setPage}
            onOpen={history.openTrip}
          />
        </Flex>
      </Card>
    </PageSection>
  );
}
