import { formatNumber } from "@treiber/client/format";
import { INCIDENT_TYPE_LABELS, INCIDENT_TYPES, type IncidentTypeCounts } from "@treiber/contract";

/** On-time performance as shown (es-DO): "66.7 %", or "—" when no trip had a planned arrival. */
export function formatOnTime(percent: number | null): string {
  if (percent === null) return "—";
  return `${formatNumber(percent, 1)} %`;
}

/** The types present, most frequent first: "Retraso 2 · Fuera de ruta 1" (empty without incidents). */
export function typeBreakdown(byType: IncidentTypeCounts): string {
  return INCIDENT_TYPES.filter((type) => byType[type] > 0)
    .sort((a, b) => byType[b] - byType[a])
    .map((type) => `${INCIDENT_TYPE_LABELS[type]} ${byType[type]}`)
    .join(" · ");
}
