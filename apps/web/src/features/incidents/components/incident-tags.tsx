import {
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
  type IncidentItem,
  type IncidentSeverity,
  type IncidentStatus,
} from "@treiber/contract";
import { Tag } from "antd";
import type { CSSProperties } from "react";

// Dark text on light backgrounds: WCAG AA (≥ 4.5:1, decision 0027), where antd's gold and orange fall short.
const SEVERITY_STYLES: Record<IncidentSeverity, CSSProperties> = {
  critical: { color: "#a8071a", background: "#fff1f0", borderColor: "#ffa39e" },
  warning: { color: "#874d00", background: "#fffbe6", borderColor: "#ffe58f" },
};
const STATUS_STYLES: Record<IncidentStatus, CSSProperties> = {
  OPEN: { color: "#a8071a", background: "#fff1f0", borderColor: "#ffa39e" },
  ACKNOWLEDGED: { color: "#003eb3", background: "#e6f4ff", borderColor: "#91caff" },
  CLOSED: { color: "rgba(0, 0, 0, 0.88)", background: "#fafafa", borderColor: "#d9d9d9" },
};

/** The incident's type ('Fuera de ruta'), drawn in its severity's colours and titled with it. */
export function IncidentTypeTag({ item }: { item: Pick<IncidentItem, "type" | "severity"> }) {
  return (
    <Tag style={SEVERITY_STYLES[item.severity]} title={INCIDENT_SEVERITY_LABELS[item.severity]}>
      {INCIDENT_TYPE_LABELS[item.type]}
    </Tag>
  );
}

export function IncidentStatusTag({ status }: { status: IncidentStatus }) {
  return (
    <Tag style={STATUS_STYLES[status]} data-testid="incident-status">
      {INCIDENT_STATUS_LABELS[status]}
    </Tag>
  );
}
