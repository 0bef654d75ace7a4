import type { TravelPoint } from "@treiber/contract";
import { type DueRiderAlert, riderAlertsDue } from "../rider-alerts.js";
import { INCIDENT_THRESHOLD_DEFAULTS } from "../thresholds.js";
import type { IncidentThresholds, TripPlan } from "../types.js";
import { type ReplayOptions, replayTrip } from "./replay-trip.js";
import type { SimulatedTrip } from "./simulate-trip.js";

export type SentRiderAlert = DueRiderAlert & { at: number };

/**
 * Replays a simulated trip through a TripMonitor and, after every event, asks `riderAlertsDue`
 * what to tell its riders (the plan's `riderIds` at each stop), recording each alert once as the
 * API's `rider_alerts` table does: what a rider would receive, and when. The bus's newest position
 * goes along, as the API passes it: the arrival is the ETA «Mi bus» shows (decision 0067).
 */
export function replayRiderAlerts(
  trip: SimulatedTrip,
  options: Omit<ReplayOptions, "onHandled"> = {},
): SentRiderAlert[] {
  const plan: TripPlan = options.plan ?? trip.plan;
  const thresholds: IncidentThresholds = { ...INCIDENT_THRESHOLD_DEFAULTS, ...options.thresholds };
  const stops = plan.stops.map((stop) => ({ plannedAt: stop.plannedAt, employeeIds: stop.riderIds }));
  const sent: SentRiderAlert[] = [];
  const told = new Set<string>();
  let bus: TravelPoint | null = null;
  replayTrip(trip, {
    ...options,
    onHandled: (event, now, monitor) => {
      if (event.kind === "position") bus = { latitude: event.latitude, longitude: event.longitude };
      const due = riderAlertsDue(
        { trip: { plan, stops, thresholds }, snapshot: monitor.snapshot(now), bus, now },
        (id, kind) => told.has(`${id}:${kind}`),
      );
      for (const alert of due) {
        told.add(`${alert.employeeId}:${alert.kind}`);
        sent.push({ ...alert, at: now });
      }
    },
  });
  return sent;
}
