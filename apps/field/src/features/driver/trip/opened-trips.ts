/**
 * Trip screens opened since the app was loaded (by path: `/viaje/12`, or `/viaje/l-<id>` for a trip
 * started offline). "Hoy" opens a trip in progress by itself only when it is not here: once per
 * launch (phone restarted, app reopened), so the driver can go back to "Hoy" from the trip without
 * being sent back to it.
 */
const openedTrips = new Set<string>();

export function markTripOpened(path: string): void {
  openedTrips.add(path);
}

export function wasTripOpened(path: string): boolean {
  return openedTrips.has(path);
}
