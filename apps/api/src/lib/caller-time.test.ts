import { describe, expect, it } from "vitest";
import {
  displayDate,
  displayDateTime,
  formatApiDate,
  gmtLabel,
  localDayRange,
  localIsoDate,
  localToday,
  offsetMinutes,
  optionalLocalDayRange,
  parseApiDate,
  parseGmtHeader,
  toLocalWallClock,
} from "./caller-time.js";

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
  it("reads offsets and rejects junk; absent is null", () => {
    expect(parseGmtHeader(undefined)).toBeNull();
    expect(parseGmtHeader("")).toBeNull();
    expect(parseGmtHeader("4")).toBe(4);
    expect(parseGmtHeader("-5.5")).toBe(-5.5);
    expect(parseGmtHeader("abc")).toBeUndefined();
    expect(parseGmtHeader("99")).toBeUndefined();
  });

  it("accepts the real offsets only: whole hours UTC-12…UTC+14 and the half / three-quarter hours in use", () => {
    // Header = -(UTC offset): UTC-12 → 12, UTC+14 → -14, Nepal UTC+5:45 → -5.75, Newfoundland UTC-3:30 → 3.5.
    for (const value of [
      "0",
      "4",
      "12",
      "-14",
      "-5.5",
      "-5.75",
      "3.5",
      "2.5",
      "9.5",
      "-12.75",
      "-13.75",
      "-8.75",
    ]) {
      expect(parseGmtHeader(value), value).toBe(Number(value));
    }
    for (const value of [
      "4.37",
      "14",
      "13",
      "-15",
      "14.5",
      "0x4",
      "4e0",
      "+4",
      " 4",
      "4 ",
      "04",
      "-0",
      "4.5",
      "5.75",
      "-4.25",
      "4.50",
      "Infinity",
      "NaN",
    ]) {
      expect(parseGmtHeader(value), value).toBeUndefined();
    }
  });
});

describe("the caller's wall clock", () => {
  const instant = new Date("2026-03-01T02:30:05Z");

  it("shifts an instant to the local wall clock (the Excel time shift)", () => {
    expect(toLocalWallClock(instant, 4).toISOString()).toBe("2026-02-28T22:30:05.000Z");
    expect(toLocalWallClock(instant.getTime(), -5.5).toISOString()).toBe("2026-03-01T08:00:05.000Z");
    expect(toLocalWallClock(instant, 0).getTime()).toBe(instant.getTime());
  });

  it("gives the local calendar day and today", () => {
    expect(localIsoDate(instant, 4)).toBe("2026-02-28");
    expect(localIsoDate(instant, 0)).toBe("2026-03-01");
    expect(localToday(4, instant.getTime())).toBe(Date.UTC(2026, 1, 28));
    expect(localToday(-5.5, Date.UTC(2026, 0, 1, 19))).toBe(Date.UTC(2026, 0, 2));
  });

  it("displays local times and the zone", () => {
    expect(displayDateTime(instant, 4)).toBe("28/02/2026 10:30:05 pm");
    expect(displayDateTime(new Date("2026-03-01T04:00:00Z"), 4)).toBe("01/03/2026 12:00:00 am");
    expect(displayDateTime(new Date("2026-03-01T16:09:00Z"), 4)).toBe("01/03/2026 12:09:00 pm");
    expect(gmtLabel(4)).toBe("GMT-4");
    expect(gmtLabel(-5.5)).toBe("GMT+5.5");
    expect(gmtLabel(0)).toBe("GMT+0");
    expect(offsetMinutes(-5.5)).toBe(-330);
  });

  it("formats and displays API dates", () => {
    expect(formatApiDate(Date.UTC(2026, 0, 5))).toBe("01/05/2026");
    expect(formatApiDate(parseApiDate("12/31/2025", "untilDate"))).toBe("12/31/2025");
    expect(displayDate("01/05/2026")).toBe("05/01/2026");
  });
});

describe("optionalLocalDayRange", () => {
  it("is whole local days with both dates and no range with neither", () => {
    expect(optionalLocalDayRange({}, 4)).toBeUndefined();
    expect(optionalLocalDayRange({ sinceDate: "03/01/2026", untilDate: "03/01/2026" }, 4)).toEqual({
      from: new Date("2026-03-01T04:00:00Z"),
      to: new Date("2026-03-02T04:00:00Z"),
    });
  });
});
