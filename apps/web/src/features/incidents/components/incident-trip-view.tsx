import { formatClockTime, formatDateTime } from "@treiber/client/format";
import type { IncidentItem, IncidentTripView as TripView } from "@treiber/contract";
import { Descriptions, Empty, Flex, Tag, Typography } from "antd";
import { SectionTitle } from "../../../shared/components/section-title";
import { useIncidentTrip } from "../api/get-incident-trip";
import { describeIncident } from "../lib/describe-incident";
import { manualCloseLabel, personLabel } from "../lib/safety-labels";
import { stopKey } from "../lib/stop-key";
import { IncidentStatusTag, IncidentTypeTag } from "./incident-tags";
import { LazyIncidentTripMap } from "./lazy-incident-trip-map";
import { TripViewState } from "./trip-view-state";

const TRIP_STATUS_LABELS: Record<string, string> = { InProgress: "En curso", Finished: "Finalizado" };

/** Where the planned path comes from, as the map's legend says it. */
export function plannedPathCaption(source: TripView["plannedPathSource"]): string {
  if (source === "trace") return "Trazado planificado: trazado de viajes anteriores de la ruta";
  if (source === "stops") return "Trazado planificado: línea entre paradas";
  return "Sin trazado planificado (la ruta no tiene paradas)";
}

const dateTime = (value: string | null) => (value ? formatDateTime(value) : "—");

/** The trip's incidents, newest first; the one opened from the panel marked. */
function TripIncidents({ incidents, selectedId }: { incidents: IncidentItem[]; selectedId: number | null }) {
  if (incidents.length === 0) return <Empty description="El viaje no tiene incidencias" />;
  return (
    <ul
      style={{ margin: 0, padding: 0 }}
      aria-label="Incidencias del viaje"
      data-testid="incident-trip-incidents"
    >
      {incidents.map((incident) => {
        const figures = describeIncident(incident);
        return (
          <li
            key={incident.id}
            data-testid="incident-trip-incident"
            data-incident-id={incident.id}
            aria-current={incident.id === selectedId || undefined}
            style={{
              listStyle: "none",
              padding: "6px 8px",
              borderLeft: `4px solid ${incident.id === selectedId ? "#cf1322" : "transparent"}`,
              background: incident.id === selectedId ? "#fff1f0" : undefined,
            }}
          >
            <Flex gap={4} wrap align="center">
              <IncidentTypeTag item={incident} />
              <IncidentStatusTag status={incident.status} />
              <Typography.Text type="secondary">{dateTime(incident.openedAt)}</Typography.Text>
            </Flex>
            {personLabel(incident) ? (
              <Typography.Text style={{ display: "block" }}>{personLabel(incident)}</Typography.Text>
            ) : null}
            {figures ? <Typography.Text>{figures}</Typography.Text> : null}
            {incident.closeReason === "manual" ? (
              <Typography.Text type="secondary" style={{ display: "block" }}>
                {manualCloseLabel(incident)}
              </Typography.Text>
            ) : null}
            {incident.acknowledgedBy ? (
              <Typography.Text type="secondary" style={{ display: "block" }}>
                Atendida por {incident.acknowledgedBy}
                {incident.note ? `: «${incident.note}»` : ""}
              </Typography.Text>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The trip on the map against its plan, its numbered stops with planned times and its incidents. */
export function IncidentTripDetail({ view, selectedId }: { view: TripView; selectedId: number | null }) {
  return (
    <Flex vertical gap={16} data-testid="incident-trip-view">
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="Ruta">{view.routeName}</Descriptions.Item>
        <Descriptions.Item label="Chofer">{view.driverName ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="Suplidor">{view.supplierName ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="Estado">
          <Tag>{TRIP_STATUS_LABELS[view.status] ?? view.status}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Inicio">{dateTime(view.startedAt)}</Descriptions.Item>
        <Descriptions.Item label="Fin">{dateTime(view.finishedAt)}</Descriptions.Item>
      </Descriptions>
      <Typography.Text data-testid="incident-trip-planned-source">
        {plannedPathCaption(view.plannedPathSource)}. En verde, el recorrido del viaje; en rojo, las
        posiciones de la incidencia.
      </Typography.Text>
      <LazyIncidentTripMap view={view} selectedId={selectedId} />
      <section aria-labelledby="incident-trip-stops">
        <SectionTitle level={3} style={{ margin: 0 }}>
          <span id="incident-trip-stops">Paradas</span>
        </SectionTitle>
        {view.stops.length === 0 ? (
          <Typography.Text type="secondary">La ruta no tiene paradas</Typography.Text>
        ) : (
          <ol data-testid="incident-trip-stops" style={{ paddingLeft: 24, margin: 0 }}>
            {view.stops.map((stop) => (
              <li key={stopKey(stop)}>
                {stop.name}
                {stop.plannedTime ? ` — ${formatClockTime(stop.plannedTime)}` : " — sin hora planificada"}
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="incident-trip-list">
        <SectionTitle level={3} style={{ margin: 0 }}>
          <span id="incident-trip-list">Incidencias del viaje</span>
        </SectionTitle>
        <TripIncidents incidents={view.incidents} selectedId={selectedId} />
      </section>
    </Flex>
  );
}

/** A route that has not started (NOT_STARTED: no trip yet): what is known, without a map. */
function NotStartedRoute({ incident }: { incident: IncidentItem }) {
  return (
    <Flex vertical gap={16} data-testid="incident-trip-not-started">
      <Typography.Paragraph>
        La ruta aún no ha salido: todavía no hay viaje, así que no hay recorrido que mostrar en el mapa.
      </Typography.Paragraph>
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="Ruta">{incident.routeName}</Descriptions.Item>
        <Descriptions.Item label="Día de servicio">{incident.serviceDay}</Descriptions.Item>
        <Descriptions.Item label="Chofer">{incident.driverName ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="Suplidor">{incident.supplierName ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="Incidencia">
          <Flex gap={4} wrap>
            <IncidentTypeTag item={incident} />
            <IncidentStatusTag status={incident.status} />
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label="Abierta">{dateTime(incident.openedAt)}</Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}

/** The drawer's content for an incident: its trip against the plan, or the route when there is no trip. */
export function IncidentTripView({ incident }: { incident: IncidentItem }) {
  const tripId = incident.intermediateRouteId;
  const trip = useIncidentTrip(tripId);
  if (tripId === null) return <NotStartedRoute incident={incident} />;
  if (!trip.data) {
    return <TripViewState loading={trip.isLoading} error={trip.error} onRetry={() => void trip.refetch()} />;
  }
  return <IncidentTripDetail view={trip.data} selectedId={incident.id} />;
}
