import { ArrowLeftOutlined } from "@ant-design/icons";
import { Button, Card, Col, Flex, Row } from "antd";
import { useNavigate, useSearchParams } from "react-router";
import { IncidentsPanel } from "../features/incidents";
import { LiveMap } from "../features/live-map";
import { CurrentTripDetail } from "../features/trips/components/current-trip-detail";
import { CurrentTripsTable } from "../features/trips/components/current-trips-table";
import { useTableParams } from "../shared/components/data-table";
import { PageSection } from "../shared/components/page-section";
import { PageTitle } from "../shared/components/page-title";
import { RelatedLinks } from "../shared/components/related-links";
import { useNow } from "../shared/hooks/use-now";

function readTripId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /listRoutes: trips in progress; `?trip=<id>` follows one live on the map. */
export function ListRoutesPage() {
  const table = useTableParams();
  const now = useNow(30_000);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const tripId = readTripId(searchParams.get("trip"));

  const openTrip = (id: number | null) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (id === null) next.delete("trip");
      else next.set("trip", String(id));
      return next;
    });

  if (tripId !== null) {
    return (
      <section>
        <Flex align="center" gap={12} wrap style={{ marginBottom: 16 }}>
          <Button icon={<ArrowLeftOutlined />} onClick={() => openTrip(null)}>
            Volver a rutas en curso
          </Button>
          <PageTitle style={{ margin: 0 }}>Ruta en curso</PageTitle>
        </Flex>
        <CurrentTripDetail
          key={tripId}
          id={tripId}
          onOpenHistory={(id) => navigate(`/historyRoutes?trip=${id}`)}
        />
      </section>
    );
  }

  return (
    <PageSection title="Rutas en curso">
      <RelatedLinks links={[{ to: "/historyRoutes", label: "Historial" }]} />
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={15}>
            <Card style={{ height: "100%" }}>
              <LiveMap height={360} title="Mapa en vivo" />
            </Card>
          </Col>
          <Col xs={24} xl={9}>
            <Card style={{ height: "100%" }}>
              <IncidentsPanel listHeight={320} />
            </Card>
          </Col>
        </Row>
        <Card>
          <CurrentTripsTable table={table} now={now} onOpen={openTrip} />
        </Card>
      </Flex>
    </PageSection>
  );
}
