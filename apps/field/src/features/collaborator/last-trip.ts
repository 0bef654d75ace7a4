/** The last trip "Mi bus" followed, so the rider can comment on it once it has ended. */
export type LastTrip = { userId: number; tripId: number; routeName: string };

const KEY = "TreiberApp.ultimoViaje";
type Storage = Pick<globalThis.Storage, "getItem" | "setItem" | "removeItem">;
const browserStorage = (): Storage => globalThis.localStorage;

export function readLastTrip(userId: number, storage: () => Storage = browserStorage): LastTrip | null {
  try {
    const value = JSON.parse(storage().getItem(KEY) ?? "null") as Partial<LastTrip> | null;
    if (!value || value.userId !== userId || typeof value.tripId !== "number") return null;
    return { userId, tripId: value.tripId, routeName: String(value.routeName ?? "") };
  } catch {
    return null;
  }
}

export function writeLastTrip(trip: LastTrip, storage: () => Storage = browserStorage): void {
  try {
    storage().setItem(KEY, JSON.stringify(trip));
  } catch {
    // Storage unavailable: commenting after the trip needs the page to stay open.
  }
}

export function clearLastTrip(storage: () => Storage = browserStorage): void {
  try {
    storage().removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
