import { describe, expect, it } from "vitest";
import { localDayRange, parseApiDate, parseGmtHeader } from "./caller-time.js";

describe("localDayRange", () => {
  it("turns whole local days in UTC-4 into UTC instants", () => {
    const { from, to } = localDayRange("11/01/2026", "11/02/2026", 4);
    expect(from.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(to.toISOString()).toBe("2026-11-03T04:00:00.000Z");
  });

  it("handles zones east of UTC and half hours", () => {
    const { from } = localDayRange("01/15/2026", "01/15/2026", -5.5);
    expect(from.toISOString()).toBe("2026-01-14T18:30:00.000Z");
  });

  it("refuses impossible dates and inverted ranges", () => {
    expect(() => parseApiDate("02/30/2026", "sinceDate")).toThrow("Fecha inválida");
    expect(() => parseApiDate("2026-01-01", "sinceDate")).toThrow("MM/DD/YYYY");
    expect(() => localDayRange("02/02/2026", "02/01/2026", 0)).toThrow("posterior");
  });
});

describe("parseGmtHeader", () => {
  it("reads offsets and rejects junk", () => {
    expect(parseGmtHeader(undefined)).toBe(0);
    expect(parseGmtHeader("4")).toBe(4);
    expect(parseGmtHeader("-5.5")).toBe(-5.5);
    expect(parseGmtHeader("abc")).toBeUndefined();
    expect(parseGmtHeader("99")).toBeUndefined();
  });
});
