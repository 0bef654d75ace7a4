import { describe, expect, it } from "vitest";
import { CallerClock, displayDate, formatApiDate, parseApiDate, parseGmtHeader } from "./caller-clock.js";

const utcMinus4 = new CallerClock(4);
const india = new CallerClock(-5.5);

describe("dayRange", () => {
  it("turns whole local days in UTC-4 into UTC instants", () => {
    const { from, to } = utcMinus4.dayRange("11/01/2026", "11/02/2026");
    expect(from.toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(to.toISOString()).toBe("2026-11-03T04:00:00.000Z");
  });

  it("handles zones east of UTC and half hours", () => {
    const { from } = india.dayRange("01/15/2026", "01/15/2026");
    expect(from.toISOString()).toBe("2026-01-14T18:30:00.000Z");
  });

  it("refuses impossible dates and inverted ranges", () => {
    expect(() => parseApiDate("02/30/2026", "sinceDate")).toThrow("Fecha inválida");
    expect(() => parseApiDate("2026-01-01", "sinceDate")).toThrow("MM/DD/YYYY");
    expect(() => CallerClock.UTC.dayRange("02/02/2026", "02/01/2026")).toThrow("posterior");
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

describe("CallerClock.fromHeader", () => {
  it("is the header's clock, null when absent, undefined when not a real offset", () => {
    expect(CallerClock.fromHeader(undefined)).toBeNull();
    expect(CallerClock.fromHeader("")).toBeNull();
    expect(CallerClock.fromHeader("4.37")).toBeUndefined();
    expect(CallerClock.fromHeader("4")?.gmtOffset).toBe(4);
    expect(CallerClock.fromHeader(["-5.75", "4"])?.gmtOffset).toBe(-5.75);
    expect(CallerClock.fromHeader("0")).toBe(CallerClock.UTC);
  });
});

describe("the caller's wall clock", () => {
  const instant = new Date("2026-03-01T02:30:05Z");

  it("shifts an instant to the local wall clock (the Excel time shift) and back", () => {
    expect(utcMinus4.wallClock(instant).toISOString()).toBe("2026-02-28T22:30:05.000Z");
    expect(india.wallClock(instant.getTime()).toISOString()).toBe("2026-03-01T08:00:05.000Z");
    expect(CallerClock.UTC.wallClock(instant).getTime()).toBe(instant.getTime());
    for (const clock of [utcMinus4, india, new CallerClock(-5.75), CallerClock.UTC]) {
      expect(clock.fromWallClock(clock.wallClock(instant).getTime())).toEqual(instant);
    }
  });

  it("gives the local calendar day, today and its bounds", () => {
    expect(utcMinus4.isoDate(instant)).toBe("2026-02-28");
    expect(CallerClock.UTC.isoDate(instant)).toBe("2026-03-01");
    expect(utcMinus4.today(instant.getTime())).toBe(Date.UTC(2026, 1, 28));
    expect(india.today(Date.UTC(2026, 0, 1, 19))).toBe(Date.UTC(2026, 0, 2));
    expect(utcMinus4.dayBounds(Date.UTC(2026, 1, 28))).toEqual({
      from: new Date("2026-02-28T04:00:00Z"),
      to: new Date("2026-03-01T04:00:00Z"),
    });
    expect(india.dayBounds(Date.UTC(2026, 0, 2))).toEqual(india.dayRange("01/02/2026", "01/02/2026"));
  });

  it("displays local times and the zone", () => {
    expect(utcMinus4.displayDateTime(instant)).toBe("28/02/2026 10:30:05 pm");
    expect(utcMinus4.displayDateTime(new Date("2026-03-01T04:00:00Z"))).toBe("01/03/2026 12:00:00 am");
    expect(utcMinus4.displayDateTime(new Date("2026-03-01T16:09:00Z"))).toBe("01/03/2026 12:09:00 pm");
    expect(utcMinus4.label).toBe("GMT-4");
    expect(india.label).toBe("GMT+5.5");
    expect(CallerClock.UTC.label).toBe("GMT+0");
    expect(india.offsetMinutes).toBe(-330);
    expect(new CallerClock(-5.75).offsetMinutes).toBe(-345);
  });

  it("formats and displays API dates", () => {
    expect(formatApiDate(Date.UTC(2026, 0, 5))).toBe("01/05/2026");
    expect(formatApiDate(parseApiDate("12/31/2025", "untilDate"))).toBe("12/31/2025");
    expect(displayDate("01/05/2026")).toBe("05/01/2026");
  });
});

describe("optionalDayRange", () => {
  it("is whole local days with both dates and no range with neither", () => {
    expect(utcMinus4.optionalDayRange({})).toBeUndefined();
    expect(utcMinus4.optionalDayRange({ sinceDate: "03/01/2026", untilDate: "03/01/2026" })).toEqual({
      from: new Date("2026-03-01T04:00:00Z"),
      to: new Date("2026-03-02T04:00:00Z"),
    });
  });
});
