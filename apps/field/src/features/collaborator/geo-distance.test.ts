import { describe, expect, it } from "vitest";
import { haversineMeters } from "./geo-distance";

describe("haversine distance", () => {
  it("is zero for the same point and symmetric", () => {
    const a = { latitude: 18.4861, longitude: -69.9312 };
    const b = { latitude: 18.47, longitude: -69.9 };
    expect(haversineMeters(a, a)).toBe(0);
    expect(haversineMeters(a, b)).toBeCloseTo(haversineMeters(b, a), 6);
  });

  it("gives ~111.2 km per degree of latitude", () => {
    expect(haversineMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
  });

  it("matches a known distance (Santo Domingo → Santiago ≈ 126 km)", () => {
    const km =
      haversineMeters({ latitude: 18.4861, longitude: -69.9312 }, { latitude: 19.4517, longitude: -70.697 }) /
      1000;
    expect(km).toBeGreaterThan(130);
    expect(km).toBeLessThan(136);
  });
});
