import { describe, expect, it } from "vitest";
import { mergeTrail, trailFromPositions } from "./trail";

const at = (minute: number) => `2026-11-23T10:${String(minute).padStart(2, "0")}:00.000Z`;

describe("trail", () => {
  it("orders stored positions by time and drops unusable ones", () => {
    const trail = trailFromPositions([
      { latitude: 18.5, longitude: -69.9, heading: null, speed: null, recordedDate: at(2) },
      { latitude: 18.4, longitude: -69.8, heading: null, speed: null, recordedDate: at(1) },
      { latitude: Number.NaN, longitude: -69.8, heading: null, speed: null, recordedDate: at(3) },
    ]);
    expect(trail.map((p) => p.date)).toEqual([at(1), at(2)]);
  });

  it("appends live points once and never before the stored trail", () => {
    const stored = [
      { latitude: 18.4, longitude: -69.8, date: at(1) },
      { latitude: 18.5, longitude: -69.9, date: at(2) },
    ];
    const live = [
      { latitude: 18.5, longitude: -69.9, date: at(2) },
      { latitude: 18.3, longitude: -69.7, date: at(0) },
      { latitude: 18.6, longitude: -70, date: at(3) },
    ];
    expect(mergeTrail(stored, live).map((p) => p.date)).toEqual([at(1), at(2), at(3)]);
    expect(mergeTrail(stored, [])).toEqual(stored);
  });
});
