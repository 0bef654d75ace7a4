import { generateRoute, recordedTrace, replayRiderAlerts, simulateTrip } from "@treiber/incidents";

const route = generateRoute(2001);
const trace = recordedTrace(simulateTrip(route, { seed: 80_001 }));
const trip = simulateTrip(route, { seed: 6001 });
const plan = { ...trip.plan, trace };
const alerts = replayRiderAlerts(trip, { plan });
const t0 = trip.startedAt;
console.log("arrivals", trip.stopArrivals.map((a) => ((a - t0) / 1000).toFixed(0)).join(" "));
console.log(
  "planned",
  plan.stops.map((s) => ((s.plannedAt - (plan.plannedDepartureAt ?? 0)) / 1000).toFixed(0)).join(" "),
);
for (const a of alerts) console.log(a.kind, a.stopIndex, ((a.at - t0) / 1000).toFixed(0), a.minutes);
