import {
  INCIDENT_TYPE_LABELS,
  type IncidentItem,
  type IncidentSeverity,
  type IncidentType,
  incidentItemSchema,
} from "@treiber/contract";
import { parseHubArgument } from "../../../shared/lib/parse-hub-argument";

/** How a bus is marked on the live map: an unclosed critical incident, only warnings, or none. */
export type AlertLevel = IncidentSeverity | null;

type Incident = { id: number; type: IncidentType; severity: IncidentSeverity };
type ListedTrip = { id: number; openIncidents?: readonly Incident[] };

const liveIncidentSchema = incidentItemSchema.pick({
  id: true,
  type: true,
  severity: true,
  status: true,
  intermediateRouteId: true,
});
export type LiveIncident = Pick<IncidentItem, "id" | "type" | "severity" | "status" | "intermediateRouteId">;

/** A `ReceiveIncident` argument (the incident, or a JSON string of it) as far as the map needs it. */
export function parseLiveIncident(argument: unknown): LiveIncident | null {
  return parseHubArgument(liveIncidentSchema, argument);
}

/**
 * The unclosed incidents of each bus in progress (issue 33): from the list of active trips
 * (`openIncidents`), then kept current by each `ReceiveIncident` (a closed one leaves).
 */
export function createTripAlerts() {
  const byTrip = new Map<number, Map<number, Incident>>();

  function level(tripId: number): AlertLevel {
    const incidents = [...(byTrip.get(tripId)?.values() ?? [])];
    if (incidents.some((incident) => incident.severity === "critical")) return "critical";
    return incidents.length > 0 ? "warning" : null;
  }

  return {
    /** The list's incidents replace what was known; trips no longer listed are forgotten. */
    sync(trips: readonly ListedTrip[]) {
      const listed = new Set(trips.map((trip) => trip.id));
      for (const id of [...byTrip.keys()]) if (!listed.has(id)) byTrip.delete(id);
      for (const trip of trips) {
        if (!trip.openIncidents) continue;
        byTrip.set(trip.id, new Map(trip.openIncidents.map((incident) => [incident.id, incident])));
      }
    },
    /** A live incident: added or updated while unclosed, dropped once closed. Answers its trip. */
    apply(incident: LiveIncident): number | null {
      const tripId = incident.intermediateRouteId;
      if (tripId === null) return null;
      const incidents = byTrip.get(tripId) ?? new Map<number, Incident>();
      if (incident.status === "CLOSED") incidents.delete(incident.id);
      else incidents.set(incident.id, { id: incident.id, type: incident.type, severity: incident.severity });
      byTrip.set(tripId, incidents);
      return tripId;
    },
    /** A trip that ended leaves the map, and its alert with it. */
    forget(tripId: number) {
      byTrip.delete(tripId);
    },
    level,
    /** «Crítica: Fuera de ruta, Retraso» (critical ones first), or null without incidents. */
    describe(tripId: number): string | null {
      const found = level(tripId);
      if (!found) return null;
      const incidents = [...(byTrip.get(tripId)?.values() ?? [])].sort(
        (a, b) => Number(b.severity === "critical") - Number(a.severity === "critical"),
      );
      const types = [...new Set(incidents.map((incident) => INCIDENT_TYPE_LABELS[incident.type]))];
      return `${found === "critical" ? "Incidencia crítica" : "Advertencia"}: ${types.join(", ")}`;
    },
    /** The trips with an alert, critical first. */
    flagged(): { tripId: number; level: IncidentSeverity }[] {
      const result: { tripId: number; level: IncidentSeverity }[] = [];
      for (const tripId of byTrip.keys()) {
        const found = level(tripId);
        if (found) result.push({ tripId, level: found });
      }
      return result.sort(
        (a, b) => Number(b.level === "critical") - Number(a.level === "critical") || a.tripId - b.tripId,
      );
    },
  };
}

export type TripAlerts = ReturnType<typeof createTripAlerts>;
