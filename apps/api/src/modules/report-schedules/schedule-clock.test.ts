import { describe, expect, it } from "vitest";
import { branchOfficeTime } from "../../lib/branch-office-time.js";
import { isoDay, scheduleClock } from "./schedule-clock.js";

const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();

describe("a schedule's slots on the branch offices' clock", () => {
  // UTC−4 (Santo Domingo): 07:00 local is 11:00 UTC.
  const clock = scheduleClock(branchOfficeTime(() => 240));
  const daily = { frequency: "daily", time: "07:00", weekday: null, monthDay: null } as const;
  const mondays = { frequency: "weekly", time: "07:00", weekday: 1, monthDay: null } as const;
  const fifth = { frequency: "monthly", time: "23:30", weekday: null, monthDay: 5 } as const;

  it("the next slot is strictly after now; the latest is at or before it", () => {
    expect(iso(clock.nextSlot(daily, at("2026-11-10T10:59:00Z")))).toBe("2026-11-10T11:00:00.000Z");
    expect(iso(clock.nextSlot(daily, at("2026-11-10T11:00:00Z")))).toBe("2026-11-11T11:00:00.000Z");
    expect(iso(clock.latestSlot(daily, at("2026-11-10T11:00:00Z")))).toBe("2026-11-10T11:00:00.000Z");
    expect(iso(clock.latestSlot(daily, at("2026-11-10T10:59:00Z")))).toBe("2026-11-09T11:00:00.000Z");
  });

  it("weekly on an ISO weekday and monthly on a day of the month, local (23:30 local is the next UTC day)", () => {
    // Tuesday 10 November 2026 → Monday 16.
    expect(iso(clock.nextSlot(mondays, at("2026-11-10T12:00:00Z")))).toBe("2026-11-16T11:00:00.000Z");
    expect(iso(clock.latestSlot(mondays, at("2026-11-10T12:00:00Z")))).toBe("2026-11-09T11:00:00.000Z");
    expect(iso(clock.nextSlot(fifth, at("2026-11-10T12:00:00Z")))).toBe("2026-12-06T03:30:00.000Z");
    expect(iso(clock.latestSlot(fifth, at("2026-11-10T12:00:00Z")))).toBe("2026-11-06T03:30:00.000Z");
  });

  it("periods: the day before, the 7 days before, the whole month before (also across a year)", () => {
    const day = (frequency: "daily" | "weekly" | "monthly", slot: string) => {
      const period = clock.period(frequency, at(slot));
      return [isoDay(period.from), isoDay(period.until)];
    };
    expect(day("daily", "2026-11-10T11:00:00Z")).toEqual(["2026-11-09", "2026-11-09"]);
    expect(day("weekly", "2026-11-16T11:00:00Z")).toEqual(["2026-11-09", "2026-11-15"]);
    expect(day("monthly", "2026-12-06T03:30:00Z")).toEqual(["2026-11-01", "2026-11-30"]);
    expect(day("monthly", "2027-01-05T11:00:00Z")).toEqual(["2026-12-01", "2026-12-31"]);
    expect(day("monthly", "2028-03-01T11:00:00Z")).toEqual(["2028-02-01", "2028-02-29"]);
  });

  it("keeps the local hour when the offset changes (a zone with summer time)", () => {
    // UTC−5 until 8 March 2026 07:00 UTC, UTC−4 after.
    const change = at("2026-03-08T07:00:00Z");
    const summer = scheduleClock(branchOfficeTime((instant) => (instant < change ? 300 : 240)));
    expect(iso(summer.nextSlot(daily, at("2026-03-07T13:00:00Z")))).toBe("2026-03-08T11:00:00.000Z");
    expect(iso(summer.latestSlot(daily, at("2026-03-07T13:00:00Z")))).toBe("2026-03-07T12:00:00.000Z");
  });
});
