import { formatDateShortTime } from "@treiber/client/format";
import type { BookingManifestResponse, ManifestItem } from "@treiber/contract";
import { Button, Card, Col, Flex, Row, Skeleton, Statistic, Table, Typography } from "antd";
import { useState } from "react";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { formatServiceDate } from "../../../shared/format";
import { useBookingManifest } from "../api/get-booking-manifest";
import { cutoffPassed } from "../lib/booking-status";
import { BookingChangeDialog, type BookingChangeTarget } from "./booking-change-dialog";
import { seatsText } from "./booking-day-routes";
import { manifestColumns } from "./manifest-columns";

/** The day's figures: seats against who is expected, waiting, cancelled, absent and who rode. */
function ManifestFigures({ manifest }: { manifest: BookingManifestResponse }) {
  const figures = [
    { label: "Asientos", value: seatsText(manifest.seats) },
    { label: "Confirmados", value: manifest.confirmed },
    { label: "En espera", value: manifest.waitlisted },
    { label: "Cancelados", value: manifest.cancelled },
    { label: "Ausentes", value: manifest.noShow },
    { label: "Viajaron", value: manifest.ridden },
  ];
  return (
    <Row gutter={[12, 12]} aria-label="Cifras del día" role="group">
      {figures.map((figure) => (
        <Col key={figure.label} xs={12} sm={8} lg={4}>
          <Card size="small">
            <Statistic title={figure.label} value={figure.value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** Who confirms, and until when a rider may change. */
function ManifestRules({ manifest }: { manifest: BookingManifestResponse }) {
  const late = cutoffPassed(manifest.cutoffAt);
  return (
    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
      {manifest.shiftName ?? "Sin turno"} · {formatServiceDate(manifest.date)} ·{" "}
      {manifest.confirmationRequired ? "Confirmación diaria" : "Viajan salvo que cancelen"} · Plazo:{" "}
      {formatDateShortTime(manifest.cutoffAt)}
      {late ? " (vencido: solo un administrador cambia las reservas)" : ""}
    </Typography.Paragraph>
  );
}

/**
 * A route's manifest on a service date (GET Booking/manifest): its figures, the riders expected
 * first, then the waitlist in order, then the cancelled; each row's «Cambiar» and «Agregar
 * colaborador» open the administrator's change with a reason.
 */
export function BookingManifestPanel({
  routeId,
  date,
  onClose,
}: {
  routeId: number;
  date: string;
  onClose: () => void;
}) {
  const query = useBookingManifest({ routeId, date });
  const [target, setTarget] = useState<BookingChangeTarget | null>(null);
  const manifest = query.data;
  // While another route or date loads, the previous manifest stays on screen but is not changed.
  const ready = manifest !== undefined && !query.isPlaceholderData;
  const open = (rider?: ManifestItem) => {
    if (!ready) return;
    setTarget({
      routeId,
      routeName: manifest.routeName,
      date: manifest.date,
      cutoffAt: manifest.cutoffAt,
      rider,
    });
  };

  return (
    <Card
      title={manifest ? `Manifiesto: ${manifest.routeName}` : "Manifiesto"}
      extra={
        <Flex gap={8}>
          <Button type="primary" disabled={!ready} onClick={() => open()}>
            Agregar colaborador
          </Button>
          <Button onClick={onClose}>Cerrar manifiesto</Button>
        </Flex>
      }
    >
      {query.error && !manifest ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !manifest ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <ManifestRules manifest={manifest} />
          <ManifestFigures manifest={manifest} />
          {query.error ? <ErrorAlert error={query.error} onRetry={() => void query.refetch()} /> : null}
          <Table<ManifestItem>
            size="small"
            rowKey="employeeId"
            columns={manifestColumns((item) => open(item))}
            dataSource={manifest.list}
            loading={query.isFetching}
            scroll={{ x: "max-content" }}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            locale={{ emptyText: "Nadie tiene reserva en esta ruta ese día" }}
          />
        </Flex>
      )}
      <BookingChangeDialog target={target} onClose={() => setTarget(null)} />
    </Card>
  );
}
