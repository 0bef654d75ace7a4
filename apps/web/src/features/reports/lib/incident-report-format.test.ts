import { describe, expect, it } from "vitest";
import { formatOnTime, typeBreakdown } from "./incident-report-format";

const none = {
  SOS: 0,
  SAFE_ARRIVAL_UNCONFIRMED: 0,
  NOT_STARTED: 0,
  LATE: 0,
  OFF_ROUTE: 0,
  SKIPPED_STOP: 0,
  LONG_DWELL: 0,
  NO_GPS: 0,
  OVER_CAPACITY: 0,
};

describe("incident report format", () => {
  it("shows the on-time percentage with one decimal, or a dash without planned arrivals", () => {
    expect(formatOnTime(66.7)).toBe("66.7 %");
    expect(formatOnTime(100)).toBe("100 %");
    expect(formatOnTime(null)).toBe("—");
  });

  it("lists the types present, most frequent first, with their Spanish labels", () => {
    expect(typeBreakdown({ ...none, OFF_ROUTE: 1, LATE: 2 })).toBe("Retraso 2 · Fuera de ruta 1");
    expect(typeBreakdown(none)).toBe("");
  });
});
