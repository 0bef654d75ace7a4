import { describe, expect, it } from "vitest";
import { createMarkerRegistry, type LivePosition, type Position } from "./marker-registry";

class FakeMarker {
  moves = 0;
  constructor(
    readonly tripId: number,
    public position: Position,
  ) {}
  setLatLng(position: Position) {
    this.position = position;
    this.moves++;
  }
}

function setup() {
  const removed: number[] = [];
  const created: FakeMarker[] = [];
  const registry = createMarkerRegistry<FakeMarker>({
    create: (tripId, position) => {
      const marker = new FakeMarker(tripId, position);
      created.push(marker);
      return marker;
    },
    remove: (_marker, tripId) => removed.push(tripId),
  });
  return { registry, created, removed };
}

const trip = (
  id: number,
  lat: number | null = 18.5,
  lng: number | null = -69.9,
  date: string | null = null,
) => ({
  id,
  lastLatitude: lat,
  lastLongitude: lng,
  lastPositionDate: date,
});

const live = (position: Position, date: string | null = null): LivePosition => ({ position, date });

describe("createMarkerRegistry", () => {
  it("creates one marker per active trip with a position and removes trips that left the list", () => {
    const { registry, created, removed } = setup();
    registry.sync([trip(1), trip(2), trip(3, null, null)]);
    expect(registry.size).toBe(2);
    expect(created.map((m) => m.tripId)).toEqual([1, 2]);

    registry.sync([trip(2)]);
    expect(removed).toEqual([1]);
    expect(registry.size).toBe(1);
  });

  it("moves existing markers instead of recreating them", () => {
    const { registry, created } = setup();
    registry.sync([trip(1)]);
    const unknown = registry.move(
      new Map([
        [1, live([18.6, -70])],
        [1, live([18.7, -70.1])],
      ]),
    );
    expect(unknown).toBe(0);
    expect(created).toHaveLength(1);
    expect(created[0]?.position).toEqual([18.7, -70.1]);
  });

  it("gives a marker to positions of trips the list does not know yet and counts them", () => {
    const { registry, created } = setup();
    registry.sync([trip(1)]);
    const unknown = registry.move(new Map([[9, live([18.4, -69.8], "2026-11-23T10:05:00.000Z")]]));
    expect(unknown).toBe(1);
    expect(created.map((m) => m.tripId)).toEqual([1, 9]);

    // The reloaded list now knows trip 9 with an older position: the live one stays.
    registry.sync([trip(1), trip(9, 18, -69, "2026-11-23T10:00:00.000Z")]);
    expect(created).toHaveLength(2);
    expect(created[1]?.position).toEqual([18.4, -69.8]);
    expect(registry.move(new Map([[9, live([18.41, -69.81], "2026-11-23T10:05:05.000Z")]]))).toBe(0);
  });

  it("a list reloaded after a reconnect wins over older live positions", () => {
    const { registry, created } = setup();
    registry.sync([trip(1)]);
    registry.move(new Map([[1, live([18.6, -70], "2026-11-23T10:00:00.000Z")]]));
    registry.sync([trip(1, 18.9, -70.3, "2026-11-23T10:10:00.000Z")]);
    expect(created[0]?.position).toEqual([18.9, -70.3]);
  });

  it("a finished trip loses its marker and late positions do not bring it back", () => {
    const { registry, removed } = setup();
    registry.sync([trip(1), trip(2)]);
    registry.finish(1);
    expect(removed).toEqual([1]);
    registry.move(new Map([[1, live([18.6, -70])]]));
    expect(registry.size).toBe(1);
  });

  it("handles 2,000 trips", () => {
    const { registry, created } = setup();
    const trips = Array.from({ length: 2_000 }, (_, i) => trip(i + 1, 18 + i / 10_000, -69 - i / 10_000));
    registry.sync(trips);
    expect(registry.size).toBe(2_000);
    const batch = new Map(trips.map((t) => [t.id, live([19, -70])]));
    expect(registry.move(batch)).toBe(0);
    expect(created.every((m) => m.moves === 1)).toBe(true);
  });
});
