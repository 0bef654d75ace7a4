/**
 * Rider alerts on simulated trips (issue 25 point 4): each trip replayed through a TripMonitor with
 * `riderAlertsDue` asked after every event (`replayRiderAlerts`), recorded once per rider and kind as
 * the API's rider_alerts table does. NEAR's delay: from when the bus was truly RIDER_NEAR_MINUTES
 * from the rider's stop (its true arrival there minus 5 min) to the alert (negative: before).
 */
import { RIDER_NEAR_MINUTES } from "@treiber/contract";
import {
  type Fault,
  generateRoute,
  recordedTrace,
  replayRiderAlerts,
  simulateTrip,
  type TripPlan,
} from "@treiber/incidents";

const MINUTE = 60_000;

export type RiderAlertsRow = {
  label: string;
  trips: number;
  /** Riders who should get NEAR: their stop planned ≥ 5 min after the departure and reached. */
  nearExpected: number;
  nearOnce: number;
  nearMissed: number;
  /** Any kind told more than once to one rider on one trip. */
  duplicates: number;
  /** Seconds from the true ETA crossing 5 min to the NEAR alert. */
  nearDelays: number[];
  /** NEAR told after the bus was already at the stop. */
  nearAfterArrival: number;
  departedOnce: number;
  riders: number;
  late: number;
};

export function measureRiderAlerts(trips: number, faults: readonly Fault[], label: string): RiderAlertsRow {
  const row: RiderAlertsRow = {
    label,
    trips,
    nearExpected: 0,
    nearOnce: 0,
    nearMissed: 0,
    duplicates: 0,
    nearDelays: [],
    nearAfterArrival: 0,
    departedOnce: 0,
    riders: 0,
    late: 0,
  };
  for (let i = 0; i < trips; i++) {
    const route = generateRoute(1000 + i);
    const trace = recordedTrace(simulateTrip(route, { seed: 90_000 + i }));
    const trip = simulateTrip(route, { seed: 5000 + i, faults });
    const plan: TripPlan = { ...trip.plan, trace };
    const alerts = replayRiderAlerts(trip, { plan });
    const seen = new Map<string, number>();
    for (const alert of alerts) {
      const key = `${alert.employeeId}:${alert.kind}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
    }
    row.duplicates += [...seen.values()].filter((n) => n > 1).length;
    row.late += alerts.filter((a) => a.kind === "LATE").length;
    const departure = plan.plannedDepartureAt ?? trip.startedAt;
    plan.stops.forEach((stop, k) => {
      const arrival = trip.stopArrivals[k];
      for (const rider of stop.riderIds) {
        row.riders++;
        if (seen.get(`${rider}:DEPARTED`) === 1) row.departedOnce++;
        if (stop.plannedAt - departure < RIDER_NEAR_MINUTES * MINUTE || arrival === undefined) continue;
        row.nearExpected++;
        const near = alerts.filter((a) => a.kind === "NEAR" && a.employeeId === rider);
        if (near.length === 0) {
          row.nearMissed++;
          continue;
        }
        if (near.length === 1) row.nearOnce++;
        const at = near[0]?.at ?? 0;
        // A stop the bus reaches within 5 min of leaving: its ETA crosses 5 min as the trip starts.
        const crossing = Math.max(trip.startedAt, arrival - RIDER_NEAR_MINUTES * MINUTE);
        row.nearDelays.push((at - crossing) / 1000);
        if (at >= arrival) row.nearAfterArrival++;
      }
    });
  }
  return row;
}
