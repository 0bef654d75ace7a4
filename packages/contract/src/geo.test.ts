import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, greatCircleKm, greatCircleMeters, METERS_PER_DEGREE } from "./geo";

describe("great-circle distance", () => {
  it("is zero for the same point and symmetric", () => {
    const a = { latitude: 18.4861, longitude: -69.9312 };
    const b = { latitude: 18.47, longitude: -69.9 };
    expect(greatCircleMeters(a, a)).toBe(0);
    expect(greatCircleMeters(a, b)).toBeCloseTo(greatCircleMeters(b, a), 6);
  });

  it("gives ~111.2 km per degree of latitude", () => {
    expect(greatCircleMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      -1,
    );
  });

  it("matches a known distance (Santo Domingo → Santiago ≈ 126 km)", () => {
    const km =
      greatCircleMeters(
        { latitude: 18.4861, longitude: -69.9312 },
        { latitude: 19.4517, longitude: -70.697 },
      ) / 1000;
    expect(km).toBeGreaterThan(130);
    expect(km).toBeLessThan(136);
  });
});

describe("the one Earth", () => {
  it("km and metres agree, and a degree of latitude is METERS_PER_DEGREE", () => {
    const a = { latitude: 18.47, longitude: -69.93 };
    const b = { latitude: 18.5, longitude: -69.88 };
    expect(greatCircleMeters(a, b)).toBeCloseTo(greatCircleKm(a, b) * 1000, 6);
    expect(greatCircleMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      METERS_PER_DEGREE,
      6,
    );
    expect(EARTH_RADIUS_KM).toBe(6371.0088);
  });
});
