import { formatDateTime, timeAgo } from "@treiber/client/format";
import type { IncidentItem, SosPosition } from "@treiber/contract";
import { Button, Descriptions, Flex, Typography } from "antd";
import { ErrorAlert } from "../../../shared/components/error-alert";
import { useNow } from "../../../shared/hooks/use-now";
import { useLiveSosPositions } from "../hooks/use-live-sos-positions";
import { describeIncident } from "../lib/describe-incident";
import { manualCloseLabel, personLabel } from "../lib/safety-labels";
import { IncidentStatusTag, IncidentTypeTag } from "./incident-tags";
import { IncidentTripView } from "./incident-trip-view";
import { LazySosMap } from "./lazy-sos-map";

export interface SafetyActions {
  /** «Atender» (while open) and «Cerrar» (until closed), as in the panel's row. */
  onAcknowledge?: (item: IncidentItem) => void;
  onCloseIncident?: (item: IncidentItem) => void;
}

const dateTime = (value: string | null | undefined) => (value ? formatDateTime(value) : "—");

/** The incident's own positions (the SOS's first one) while the followed trail has none. */
const evidenceTrail = (incident: IncidentItem): SosPosition[] =>
  incident.evidence.map((point) => ({
    incidentId: incident.id,
    latitude: point.latitude,
    longitude: point.longitude,
    accuracy: null,
    at: point.at,
  }));

function Actions({ incident, onAcknowledge, onCloseIncident }: SafetyActions & { incident: IncidentItem }) {
  if (incident.status === "CLOSED") return null;
  return (
    <Flex gap={8}>
      {incident.status === "OPEN" && onAcknowledge ? (
        <Button
          type="primary"
          danger
          onClick={() => onAcknowledge(incident)}
          data-testid="safety-acknowledge"
        >
          Atender
        </Button>
      ) : null}
      {onCloseIncident ? (
        <Button onClick={() => onCloseIncident(incident)} data-testid="safety-close">
          Cerrar incidencia
        </Button>
      ) : null}
    </Flex>
  );
}

/** What happened to it: who took it (and their note), and how it was closed. */
function Handling({ incident }: { incident: IncidentItem }) {
  return (
    <>
      <Descriptions.Item label="Estado">
        <Flex gap={4} wrap>
          <IncidentTypeTag item={incident} />
          <IncidentStatusTag status={incident.status} />
        </Flex>
      </Descriptions.Item>
      <Descriptions.Item label="Atendida por">
        {incident.acknowledgedBy
          ? `${incident.acknowledgedBy}, ${dateTime(incident.acknowledgedAt)}`
          : "Sin atender"}
      </Descriptions.Item>
      {incident.status === "CLOSED" ? (
        <Descriptions.Item label="Cierre">
          {incident.closeReason === "manual" ? manualCloseLabel(incident) : "Cerrada"},{" "}
          {dateTime(incident.closedAt)}
        </Descriptions.Item>
      ) : null}
      {incident.note ? <Descriptions.Item label="Nota">{incident.note}</Descriptions.Item> : null}
    </>
  );
}

/**
 * An SOS (issue 38): who raised it and their phone, the route, and a map that follows their live
 * position (the trail from GET Sos/{id}/positions, then each ReceiveSosPosition).
 */
export function SosView({ incident, ...actions }: SafetyActions & { incident: IncidentItem }) {
  const now = useNow(10_000);
  const trail = useLiveSosPositions(incident.id);
  const positions = trail.data?.list.length ? trail.data.list : evidenceTrail(incident);
  const latest = positions.at(-1);
  const phone = trail.data?.personPhone;
  const figures = describeIncident(incident);
  return (
    <Flex vertical gap={16} data-testid="sos-view">
      <Actions incident={incident} {...actions} />
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="Persona">
          {personLabel(incident) ?? trail.data?.personName ?? "—"}
        </Descriptions.Item>
        <Descriptions.Item label="Teléfono">
          {phone ? (
            <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} data-testid="sos-phone">
              {phone}
            </a>
          ) : (
            "Sin teléfono registrado"
          )}
        </Descriptions.Item>
        <Descriptions.Item label="Ruta">{incident.routeName || "Sin viaje"}</Descriptions.Item>
        {incident.driverName ? (
          <Descriptions.Item label="Chofer">{incident.driverName}</Descriptions.Item>
        ) : null}
        <Descriptions.Item label="Enviada">
          {dateTime(incident.openedAt)}
          {figures ? ` · ${figures}` : ""}
        </Descriptions.Item>
        <Handling incident={incident} />
      </Descriptions>
      {trail.error && !trail.data ? (
        <ErrorAlert error={trail.error} onRetry={() => void trail.refetch()} />
      ) : null}
      <Typography.Text data-testid="sos-latest">
        {latest
          ? `Última posición ${timeAgo(latest.at, now).toLowerCase()} (${dateTime(latest.at)})`
          : "Aún no hay posición"}
        {trail.data?.followUntil ? `. Se sigue hasta ${dateTime(trail.data.followUntil)}.` : ""}
      </Typography.Text>
      <LazySosMap positions={positions} />
    </Flex>
  );
}

/** A night rider who did not confirm their arrival: who, where and when they got off, and the trip. */
export function SafeArrivalView({ incident, ...actions }: SafetyActions & { incident: IncidentItem }) {
  const { detail } = incident;
  return (
    <Flex vertical gap={16} data-testid="safe-arrival-view">
      <Actions incident={incident} {...actions} />
      <Descriptions size="small" bordered column={1}>
        <Descriptions.Item label="Persona">{personLabel(incident) ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="Parada de bajada">{detail.dropStopName ?? "—"}</Descriptions.Item>
        <Descriptions.Item label="Hora de bajada">{dateTime(detail.droppedAt)}</Descriptions.Item>
        <Descriptions.Item label="Sin confirmar desde">{dateTime(incident.openedAt)}</Descriptions.Item>
        <Handling incident={incident} />
      </Descriptions>
      {incident.intermediateRouteId !== null ? <IncidentTripView incident={incident} /> : null}
    </Flex>
  );
}
