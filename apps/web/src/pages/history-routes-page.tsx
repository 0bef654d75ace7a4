import { ArrowLeftOutlined, FileTextOutlined } from "@ant-design/icons";
import { Button, Card, Flex } from "antd";
import { useState } from "react";
import { useTripHistory } from "../features/trips/api/list-trip-history";
import { FinishedTripDetail } from "../features/trips/components/finished-trip-detail";
import { TripHistoryFilters } from "../features/trips/components/trip-history-filters";
import { TripHistoryTable } from "../features/trips/components/trip-history-table";
import { TripSheetDrawer } from "../features/trips/components/trip-sheet-drawer";
import { useTripHistoryFilters } from "../features/trips/hooks/use-trip-history-filters";
import { PageSection } from "../shared/components/page-section";
import { PageTitle } from "../shared/components/page-title";
import { RelatedLinks } from "../shared/components/related-links";
import { useIsSupplierUser } from "../shared/session/portal-role";

/**
 * /historyRoutes: finished trips by driver, route and date (last 20 days), with their detail and
 * trip sheet. A supplier's user (issue 37) reads their own trips only (filtered on the server).
 */
export function HistoryRoutesPage() {
  const history = useTripHistoryFilters();
  const { filters } = history;
  const query = useTripHistory(history.request);
  const supplierUser = useIsSupplierUser();
  const [sheetOf, setSheetOf] = useState<number | null>(null);

  if (filters.trip !== null) {
    return (
      <section>
        <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => history.openTrip(null)}>
            Volver al historial
          </Button>
          <PageTitle style={{ margin: 0 }}>Detalle de la ruta</PageTitle>
          <Button icon={<FileTextOutlined />} onClick={() => setSheetOf(filters.trip)}>
            Hoja de viaje
          </Button>
        </Flex>
        <FinishedTripDetail id={filters.trip} />
        <TripSheetDrawer tripId={sheetOf} onClose={() => setSheetOf(null)} />
      </section>
    );
  }

  return (
    <PageSection title="Historial de rutas">
      {supplierUser ? null : <RelatedLinks links={[{ to: "/listRoutes", label: "Rutas en curso" }]} />}
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
            byRoute={!supplierUser}
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
