import { formatMinutes, formatNumber, formatShortTime } from "@treiber/client/format";
import type { IncidentItem } from "@treiber/contract";

/** The rule's figures in a few Spanish words ('12 mins de retraso previsto', 'A 450 m de la ruta'…), or null. */
export function describeIncident(item: Pick<IncidentItem, "type" | "detail" | "stopName">): string | null {
  const { detail } = item;
  switch (item.type) {
    case "LATE":
      return detail.lateMinutes !== undefined
        ? `${formatMinutes(detail.lateMinutes)} de retraso previsto`
        : null;
    case "OFF_ROUTE":
      if (detail.distanceMeters !== undefined)
        return `A ${formatNumber(detail.distanceMeters, 0)} m de la ruta`;
      // A route without a trace yet: no road to measure from, only the approach to the next stop.
      return detail.detourMeters !== undefined
        ? `${formatNumber(detail.detourMeters, 0)} m sin acercarse a la próxima parada`
        : null;
    case "LONG_DWELL":
      return detail.dwellMinutes !== undefined ? `Detenido ${formatMinutes(detail.dwellMinutes)}` : null;
    case "SKIPPED_STOP": {
      const stop = item.stopName ? `Parada ${item.stopName}` : null;
      const pending =
        detail.pendingRiders !== undefined
          ? `${detail.pendingRiders} ${detail.pendingRiders === 1 ? "colaborador pendiente" : "colaboradores pendientes"}`
          : null;
      return [stop, pending].filter(Boolean).join(" · ") || null;
    }
    case "OVER_CAPACITY":
      return detail.boardings !== undefined && detail.seats !== undefined
        ? `${detail.boardings} abordajes para ${detail.seats} asientos`
        : null;
    case "SOS": {
      const accuracy =
        detail.accuracy !== undefined ? `Precisión ±${formatNumber(detail.accuracy, 0)} m` : null;
      return (
        [accuracy, sentOffline(detail) ? "Enviada sin conexión" : null].filter(Boolean).join(" · ") || null
      );
    }
    case "SAFE_ARRIVAL_UNCONFIRMED": {
      if (!detail.droppedAt) return detail.dropStopName ? `Bajó en ${detail.dropStopName}` : null;
      const at = formatShortTime(detail.droppedAt);
      return detail.dropStopName ? `Bajó en ${detail.dropStopName} a las ${at}` : `Bajó a las ${at}`;
    }
    default:
      return null;
  }
}

/** An SOS queued offline: the phone raised it over a minute before the server received it. */
function sentOffline(detail: IncidentItem["detail"]): boolean {
  if (!detail.recordedAt || !detail.receivedAt) return false;
  return Date.parse(detail.receivedAt) - Date.parse(detail.recordedAt) > 60_000;
}
