import { straightKm } from "@treiber/contract";
import { describe, expect, it } from "vitest";
import { clusterStops, type RiderHome } from "./cluster-stops.js";

/** A home `east` and `north` metres from a corner of Santo Domingo. */
const home = (employeeId: number, east: number, north: number, address: string | null = null): RiderHome => ({
  employeeId,
  address,
  latitude: 18.47 + north / 111_195,
  longitude: -69.93 + east / (111_195 * Math.cos((18.47 * Math.PI) / 180)),
});
const metres = (a: RiderHome, b: { latitude: number; longitude: number }) => straightKm(a, b) * 1000;

describe("clusterStops", () => {
  it("0 m: every home its own stop, but riders at the very same point share one", () => {
    const homes = [home(1, 0, 0, "Calle 1"), home(2, 0, 0), home(3, 50, 0)];
    const stops = clusterStops(homes, 0, 40);
    expect(stops.map((stop) => stop.employeeIds)).toEqual([[1, 2], [3]]);
    expect(stops[0]).toMatchObject({ key: "stop-1", name: "Calle 1", address: "Calle 1" });
    expect(stops[1]).toMatchObject({ key: "stop-3", name: "Parada 2", address: null });
  });

  it("groups homes within the walk at the member nearest their centroid; each rider walks at most the radius", () => {
    const homes = [home(1, 0, 0), home(2, 100, 0, "Centro"), home(3, 200, 0), home(4, 3000, 0)];
    const stops = clusterStops(homes, 300, 40);
    expect(stops.map((stop) => stop.employeeIds)).toEqual([[1, 2, 3], [4]]);
    expect(stops[0]?.name).toBe("Centro");
    for (const stop of stops) {
      for (const id of stop.employeeIds) {
        expect(metres(homes.find((h) => h.employeeId === id) as RiderHome, stop)).toBeLessThanOrEqual(300);
      }
    }
  });

  it("serves every rider exactly once, and no stop has more riders than the largest vehicle", () => {
    const homes = Array.from({ length: 30 }, (_, i) => home(i + 1, (i % 6) * 40, Math.floor(i / 6) * 40));
    const stops = clusterStops(homes, 500, 8);
    const served = stops.flatMap((stop) => stop.employeeIds).sort((a, b) => a - b);
    expect(served).toEqual(homes.map((h) => h.employeeId));
    expect(Math.max(...stops.map((stop) => stop.employeeIds.length))).toBeLessThanOrEqual(8);
    expect(stops.length).toBeGreaterThanOrEqual(4);
  });
});
