import { describe, expect, it } from "vitest";
import { isFinishOf, mergePositions, parseBusPosition } from "./bus-events";

describe("hub events of my bus", () => {
  it("reads a position of my trip", () => {
    const payload = {
      intermediateRouteId: 4,
      driverId: 2,
      latitude: 18.5,
      longitude: -69.9,
      date: "2026-11-23T10:00:00.000Z",
    };
    expect(parseBusPosition(payload, 4)).toEqual({
      latitude: 18.5,
      longitude: -69.9,
      at: Date.parse(payload.date),
    });
    expect(parseBusPosition(JSON.stringify(payload), 4)?.latitude).toBe(18.5);
  });

  it("ignores other trips and broken data", () => {
    expect(parseBusPosition({ intermediateRouteId: 5, latitude: 1, longitude: 1 }, 4)).toBeNull();
    expect(parseBusPosition({ intermediateRouteId: 4, latitude: 91, longitude: 1 }, 4)).toBeNull();
    expect(parseBusPosition("{bad", 4)).toBeNull();
  });

  it("recognises the end of my trip", () => {
    expect(isFinishOf({ intermediateRouteId: 4, driverId: 1 }, 4)).toBe(true);
    expect(isFinishOf(4, 4)).toBe(true);
    expect(isFinishOf({ intermediateRouteId: 5 }, 4)).toBe(false);
  });

  it("merges a refetched trail with the live positions, in order and without repeats", () => {
    const a = { latitude: 1, longitude: 1, at: 1 };
    const b = { latitude: 2, longitude: 2, at: 2 };
    const c = { latitude: 3, longitude: 3, at: 3 };
    expect(mergePositions([a, b], [b, c])).toEqual([a, b, c]);
    expect(mergePositions([c], [a, b], 2)).toEqual([b, c]);
  });
});
