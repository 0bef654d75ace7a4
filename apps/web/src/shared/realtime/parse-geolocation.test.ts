import { describe, expect, it } from "vitest";
import { parseFinishedTripId, parseGeolocation } from "./parse-geolocation";

describe("parseGeolocation", () => {
  const payload = {
    intermediateRouteId: 12,
    driverId: 4,
    latitude: 18.48,
    longitude: -69.93,
    date: "2026-11-23T10:00:00.000Z",
  };

  it("reads the hub payload, as an object or as a JSON string", () => {
    expect(parseGeolocation(payload)).toEqual(payload);
    expect(parseGeolocation(JSON.stringify(payload))).toEqual(payload);
  });

  it("accepts PascalCase keys and numeric strings", () => {
    expect(parseGeolocation({ IntermediateRouteId: "12", Latitude: "18.48", Longitude: -69.93 })).toEqual({
      intermediateRouteId: 12,
      driverId: null,
      latitude: 18.48,
      longitude: -69.93,
      date: null,
    });
  });

  it("rejects payloads without a trip or with impossible coordinates", () => {
    expect(parseGeolocation(null)).toBeNull();
    expect(parseGeolocation("no json")).toBeNull();
    expect(parseGeolocation({ ...payload, intermediateRouteId: 0 })).toBeNull();
    expect(parseGeolocation({ ...payload, intermediateRouteId: 1.5 })).toBeNull();
    expect(parseGeolocation({ ...payload, latitude: 91 })).toBeNull();
    expect(parseGeolocation({ ...payload, longitude: "x" })).toBeNull();
    expect(parseGeolocation({ ...payload, latitude: null })).toBeNull();
  });
});

describe("parseFinishedTripId", () => {
  it("reads the trip id of FinishIntermediateRoute", () => {
    expect(parseFinishedTripId({ intermediateRouteId: 7, driverId: 1, endedDate: "x" })).toBe(7);
    expect(parseFinishedTripId(JSON.stringify({ intermediateRouteId: 7 }))).toBe(7);
    expect(parseFinishedTripId(7)).toBe(7);
    expect(parseFinishedTripId({})).toBeNull();
    expect(parseFinishedTripId("{")).toBeNull();
  });
});
