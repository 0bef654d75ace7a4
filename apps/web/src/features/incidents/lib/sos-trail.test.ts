import { describe, expect, it } from "vitest";
import { addSosPosition, parseSosPosition } from "./sos-trail";

const point = (at: string, latitude = 18.5) => ({
  incidentId: 5,
  latitude,
  longitude: -69.9,
  accuracy: 8,
  at,
});
const trail = {
  incidentId: 5,
  personName: "Ana Pérez",
  personPhone: null,
  followUntil: "",
  list: [point("2026-11-27T23:00:10.000Z")],
};

describe("the SOS trail (issue 38)", () => {
  it("reads ReceiveSosPosition as an object or JSON, and refuses anything else", () => {
    expect(parseSosPosition(point("2026-11-27T23:00:20.000Z"))?.incidentId).toBe(5);
    expect(parseSosPosition(JSON.stringify(point("2026-11-27T23:00:20.000Z")))?.latitude).toBe(18.5);
    expect(parseSosPosition("{")).toBeNull();
    expect(parseSosPosition({ incidentId: 5 })).toBeNull();
  });

  it("adds a new position in time order, once, and only this SOS's", () => {
    const later = point("2026-11-27T23:00:30.000Z", 18.51);
    const earlier = point("2026-11-27T23:00:00.000Z", 18.49);
    const next = addSosPosition(addSosPosition(trail, later), earlier);
    expect(next.list.map((p) => p.latitude)).toEqual([18.49, 18.5, 18.51]);
    expect(addSosPosition(next, later)).toBe(next);
    expect(addSosPosition(trail, { ...later, incidentId: 6 })).toBe(trail);
  });
});
