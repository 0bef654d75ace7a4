/**
 * Trips whose screen was opened since the app was loaded. "Hoy" opens a trip in progress by itself
 * only when it is not here: once per launch (phone restarted, app reopened), so the driver can go
 * back to "Hoy" from the trip without being sent back to it.
 */
const openedTrips = new Set<number>();

export function markTripOpened(tripId: number): void {
  openedTrips.add(tripId);
}

export function wasTripOpened(tripId: number): boolean {
  return openedTrips.has(tripId);
}
