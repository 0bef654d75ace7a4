import { INCIDENT_SEVERITY, INCIDENT_TYPE_LABELS, type IncidentType } from "@treiber/contract";
import { Tag } from "antd";

/**
 * An incident's type as a tag, red when critical and amber otherwise. antd's "orange" preset
 * (#d46b08 on #fff7e6, 3.6:1) fails WCAG AA for small text: the amber here is orange-8 (5.6:1).
 */
export function IncidentTypeTag({ type }: { type: IncidentType }) {
  if (INCIDENT_SEVERITY[type] === "critical") return <Tag color="red">{INCIDENT_TYPE_LABELS[type]}</Tag>;
  return (
    <Tag style={{ color: "#ad4e00", background: "#fff7e6", borderColor: "#ffd591" }}>
      {INCIDENT_TYPE_LABELS[type]}
    </Tag>
  );
}
