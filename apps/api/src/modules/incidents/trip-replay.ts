import type { TripEvent } from "@treiber/incidents";
import type { Db } from "../../db/client.js";
import { positionsForReplay, servicesForReplay } from "./trip-plan-repository.js";

/**
 * A trip's stored history as the monitor's events, oldest first: its positions (device time) and
 * its boardings and cancellations. A monitor rebuilt after a restart (or when another instance
 * started the trip) replays them.
 */
export async function storedEvents(db: Db, tripId: number): Promise<Array<TripEvent & { at: number }>> {
  const [positions, services] = await Promise.all([
    positionsForReplay(db, tripId),
    servicesForReplay(db, tripId),
  ]);
  const events: Array<TripEvent & { at: number }> = positions.map((p) => ({
    kind: "position",
    at: p.recordedAt.getTime(),
    latitude: p.latitude,
    longitude: p.longitude,
  }));
  for (const service of services) {
    if (service.status === "Boarded" && service.scannedAt)
      events.push({ kind: "boarding", at: service.scannedAt.getTime(), riderId: service.employeeId });
    else if (service.status === "Canceled" && service.canceledAt)
      events.push({ kind: "cancellation", at: service.canceledAt.getTime(), riderId: service.employeeId });
  }
  return events.sort((a, b) => a.at - b.at);
}
