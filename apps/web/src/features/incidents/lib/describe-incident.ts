import type { IncidentItem } from "@treiber/contract";

const round = (value: number) => Math.round(value);

/** The rule's figures in a few Spanish words ('12 min de retraso', 'A 450 m de la ruta'…), or null. */
export function describeIncident(item: Pick<IncidentItem, "type" | "detail" | "stopName">): string | null {
  const { detail } = item;
  switch (item.type) {
    case "LATE":
      return detail.lateMinutes !== undefined ? `${round(detail.lateMinutes)} min de retraso previsto` : null;
    case "OFF_ROUTE":
      if (detail.distanceMeters !== undefined) return `A ${round(detail.distanceMeters)} m de la ruta`;
      // A route without a trace yet: no road to measure from, only the approach to the next stop.
      return detail.detourMeters !== undefined
        ? `${round(detail.detourMeters)} m sin acercarse a la próxima parada`
        : null;
    case "LONG_DWELL":
      return detail.dwellMinutes !== undefined ? `Detenido ${round(detail.dwellMinutes)} min` : null;
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
    default:
      return null;
  }
}
