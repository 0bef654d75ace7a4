import { formatDateTime, timeAgo } from "@treiber/client/format";
import {
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TYPE_LABELS,
  type IncidentItem,
  isManualCloseIncident,
} from "@treiber/contract";
import { Button, Flex, Tag, Typography } from "antd";
import { describeIncident } from "../lib/describe-incident";
import { manualCloseLabel, personLabel } from "../lib/safety-labels";
import { IncidentStatusTag, IncidentTypeTag } from "./incident-tags";

export interface IncidentRowProps {
  item: IncidentItem;
  now: Date;
  /** A new critical one: highlighted until opened, acknowledged or closed. */
  highlighted: boolean;
  onOpen: (item: IncidentItem) => void;
  onAcknowledge: (item: IncidentItem) => void;
  /** «Cerrar» a safety incident (SOS, unconfirmed safe arrival: closed only by hand). */
  onCloseIncident: (item: IncidentItem) => void;
}

const BLOCK = { display: "block" } as const;

/** When it opened, and what happened since: 'Hace 5 minutos', 'Atendida por Ana Pérez', 'Cerrada …'. */
function since(item: IncidentItem, now: Date): string {
  const opened = timeAgo(item.openedAt, now);
  if (item.status === "CLOSED" && item.closeReason === "manual")
    return `${opened} · ${manualCloseLabel(item)}`;
  if (item.status === "CLOSED" && item.closedAt) {
    const how =
      item.closeReason === "trip-ended"
        ? "al terminar el viaje"
        : item.closeReason === "day-ended"
          ? "al terminar el día sin viaje"
          : "al normalizarse";
    return `${opened} · cerrada ${how}`;
  }
  if (item.status === "ACKNOWLEDGED" && item.acknowledgedBy)
    return `${opened} · atendida por ${item.acknowledgedBy}`;
  return opened;
}

/** The row's left bar and background: red for an open SOS or a new critical one. */
function rowStyle(item: IncidentItem, highlighted: boolean, sos: boolean) {
  const bar = highlighted || sos ? "#cf1322" : item.severity === "critical" ? "#ffa39e" : "#ffe58f";
  return {
    listStyle: "none",
    padding: "8px 12px",
    borderBottom: "1px solid #f0f0f0",
    borderLeft: `${sos ? 6 : 4}px solid ${bar}`,
    background: highlighted || sos ? "#fff1f0" : undefined,
  } as const;
}

/** The button opening the incident's trip: type, state, route, who, figures and since when. */
function IncidentSummary({
  item,
  now,
  highlighted,
  people,
  onOpen,
}: {
  item: IncidentItem;
  now: Date;
  highlighted: boolean;
  people: string;
  onOpen: (item: IncidentItem) => void;
}) {
  const figures = describeIncident(item);
  return (
    <button
      type="button"
      className="incident-open"
      onClick={() => onOpen(item)}
      title="Ver el viaje en el mapa"
      data-testid="incident-open"
    >
      <span className="plain-visually-hidden">
        Ver viaje, incidencia {INCIDENT_SEVERITY_LABELS[item.severity].toLowerCase()}:
      </span>
      <span style={{ display: "flex", gap: 4, flexWrap: "wrap", alignItems: "center" }}>
        <IncidentTypeTag item={item} />
        <IncidentStatusTag status={item.status} />
        {highlighted ? (
          <Tag color="red" data-testid="incident-new">
            Nueva
          </Tag>
        ) : null}
      </span>
      <span style={BLOCK}>
        <Typography.Text strong style={BLOCK}>
          {item.routeName || "Sin viaje"}
        </Typography.Text>
        <Typography.Text type="secondary" style={BLOCK}>
          {people}
        </Typography.Text>
        {figures ? <Typography.Text style={BLOCK}>{figures}</Typography.Text> : null}
        <Typography.Text type="secondary" style={BLOCK} title={formatDateTime(item.openedAt)}>
          {since(item, now)}
        </Typography.Text>
      </span>
    </button>
  );
}

/** «Atender» while open, and «Cerrar» for a safety incident not closed yet. */
function IncidentActions({
  item,
  person,
  onAcknowledge,
  onCloseIncident,
}: {
  item: IncidentItem;
  person: string | null;
  onAcknowledge: (item: IncidentItem) => void;
  onCloseIncident: (item: IncidentItem) => void;
}) {
  const closable = isManualCloseIncident(item.type) && item.status !== "CLOSED";
  const named = `${INCIDENT_TYPE_LABELS[item.type]}, ${person ?? item.routeName}`;
  return (
    <Flex vertical gap={4}>
      {item.status === "OPEN" ? (
        <Button
          size="small"
          danger={item.type === "SOS"}
          type={item.type === "SOS" ? "primary" : "default"}
          onClick={() => onAcknowledge(item)}
          aria-label={`Atender: ${named}`}
          data-testid="incident-acknowledge"
        >
          Atender
        </Button>
      ) : null}
      {closable ? (
        <Button
          size="small"
          onClick={() => onCloseIncident(item)}
          aria-label={`Cerrar: ${named}`}
          data-testid="incident-close"
        >
          Cerrar
        </Button>
      ) : null}
    </Flex>
  );
}

/**
 * One incident: a button opening its trip (type, state, route, driver and supplier, since when)
 * and, while open, «Atender».
 */
export function IncidentRow({
  item,
  now,
  highlighted,
  onOpen,
  onAcknowledge,
  onCloseIncident,
}: IncidentRowProps) {
  const crew = [item.driverName, item.supplierName].filter(Boolean).join(" · ");
  const person = personLabel(item);
  // A safety incident is about a person (the trip may be unknown); the others about the bus's crew.
  const people = person ? [person, crew].filter(Boolean).join(" · ") : crew || "Sin chofer asignado";
  const sos = item.type === "SOS" && item.status !== "CLOSED";
  return (
    <li
      data-testid="incident-row"
      data-incident-id={item.id}
      data-incident-type={item.type}
      data-incident-status={item.status}
      data-highlighted={highlighted || undefined}
      style={rowStyle(item, highlighted, sos)}
    >
      <Flex gap={8} align="flex-start" justify="space-between">
        <IncidentSummary item={item} now={now} highlighted={highlighted} people={people} onOpen={onOpen} />
        <IncidentActions
          item={item}
          person={person}
          onAcknowledge={onAcknowledge}
          onCloseIncident={onCloseIncident}
        />
      </Flex>
    </li>
  );
}
