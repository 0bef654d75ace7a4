import { Card, Flex, Typography } from "antd";
import { PageSection } from "../../../shared/components/page-section";
import { formatServiceDate } from "../../../shared/format";
import { useBookingParams } from "../hooks/use-booking-params";
import { BookingDayRoutes } from "./booking-day-routes";
import { BookingFilters } from "./booking-filters";
import { BookingManifestPanel } from "./booking-manifest-panel";

/**
 * «Reservas» (issue 35): per shift and service date, the routes with their seats and counts; a
 * route's manifest below, where an administrator changes a booking with a reason.
 */
export function BookingsView() {
  const params = useBookingParams();
  return (
    <PageSection title="Reservas">
      <Flex vertical gap={16}>
        <BookingFilters params={params} />
        <Card title={`Rutas del ${formatServiceDate(params.date)}`}>
          <BookingDayRoutes params={params} />
        </Card>
        {params.routeId ? (
          <BookingManifestPanel
            routeId={params.routeId}
            date={params.date}
            onClose={() => params.openRoute(undefined)}
          />
        ) : (
          <Typography.Text type="secondary">Elija una ruta para ver su manifiesto.</Typography.Text>
        )}
      </Flex>
    </PageSection>
  );
}
