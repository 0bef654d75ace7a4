import type { ActiveTrip } from "@treiber/contract";

export type Position = [latitude: number, longitude: number];

/** What the registry needs from a map marker (a Leaflet CircleMarker in the app, a fake in tests). */
export interface MovableMarker {
  setLatLng(position: Position): unknown;
}

export interface MarkerFactory<M extends MovableMarker> {
  create(tripId: number, position: Position): M;
  remove(marker: M, tripId: number): void;
}

/**
 * A trip the live map knows, with its last position if any; `lastPositionDate` (ISO instant of
 * the last position) tells it from an older or newer live one.
 */
export type KnownTrip = Pick<ActiveTrip, "id" | "lastLatitude" | "lastLongitude"> &
  Partial<Pick<ActiveTrip, "lastPositionDate">>;

/** A live position and when the server received it (ISO; null if unknown, then it counts as newest). */
export interface LivePosition {
  position: Position;
  date: string | null;
}

/**
 * One marker per trip in progress. `sync` follows the list of active trips (creating, moving and
 * removing markers); `move` applies a batch of live positions; `finish` drops a trip that ended.
 * Positions that arrive for a trip the list does not know yet still get a marker, and `unknown`
 * says so, so the caller can reload the list for its names.
 */
export function createMarkerRegistry<M extends MovableMarker>(factory: MarkerFactory<M>) {
  const markers = new Map<number, M>();
  const positions = new Map<number, Position>();
  /** When each live position was received; a list reloaded later may hold a newer one. */
  const liveDates = new Map<number, string | null>();
  /** Trips that ended: late positions for them must not bring the marker back. */
  const ended = new Set<number>();
  let known = new Set<number>();

  function place(tripId: number, position: Position): M {
    positions.set(tripId, position);
    const existing = markers.get(tripId);
    if (existing) {
      existing.setLatLng(position);
      return existing;
    }
    const marker = factory.create(tripId, position);
    markers.set(tripId, marker);
    return marker;
  }

  function drop(tripId: number) {
    const marker = markers.get(tripId);
    if (marker) factory.remove(marker, tripId);
    markers.delete(tripId);
    positions.delete(tripId);
    liveDates.delete(tripId);
  }

  return {
    sync(trips: readonly KnownTrip[]) {
      known = new Set(trips.map((trip) => trip.id));
      for (const id of [...markers.keys()]) if (!known.has(id)) drop(id);
      for (const trip of trips) {
        ended.delete(trip.id);
        const live = liveDates.has(trip.id) ? positions.get(trip.id) : undefined;
        const liveDate = liveDates.get(trip.id) ?? null;
        const listHasPosition = trip.lastLatitude !== null && trip.lastLongitude !== null;
        // The list's position wins unless a live one arrived after it.
        const listIsNewer =
          listHasPosition && (!live || (liveDate !== null && (trip.lastPositionDate ?? "") > liveDate));
        if (listIsNewer && trip.lastLatitude !== null && trip.lastLongitude !== null) {
          liveDates.delete(trip.id);
          place(trip.id, [trip.lastLatitude, trip.lastLongitude]);
        } else if (live) place(trip.id, live);
      }
    },
    /** Applies live positions; returns how many belong to trips the list does not know. */
    move(batch: ReadonlyMap<number, LivePosition>): number {
      let unknown = 0;
      for (const [tripId, { position, date }] of batch) {
        if (ended.has(tripId)) continue;
        if (!known.has(tripId)) unknown++;
        liveDates.set(tripId, date);
        place(tripId, position);
      }
      return unknown;
    },
    finish(tripId: number) {
      ended.add(tripId);
      known.delete(tripId);
      drop(tripId);
    },
    clear() {
      for (const id of [...markers.keys()]) drop(id);
      known = new Set();
      ended.clear();
      liveDates.clear();
    },
    get size() {
      return markers.size;
    },
    positions(): Position[] {
      return [...positions.values()];
    },
  };
}

export type MarkerRegistry<M extends MovableMarker> = ReturnType<typeof createMarkerRegistry<M>>;
