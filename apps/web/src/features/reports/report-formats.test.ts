import { describe, expect, it } from "vitest";
import {
  dayjs,
  formatDate,
  formatDuration,
  formatMinutes,
  formatMoney,
  formatTime,
} from "../../shared/format";
import { cutPeriod } from "../cuts/components/generate-cut-button";
import { defaultReportRange } from "./hooks/use-report-params";

describe("report formats (spec §9)", () => {
  it("the default range is the last 6 days through today, as MM/DD/YYYY", () => {
    expect(defaultReportRange(new Date(2024, 2, 10, 18, 30))).toEqual(["03/04/2024", "03/10/2024"]);
    expect(defaultReportRange(new Date(2024, 0, 3, 0, 5))).toEqual(["12/28/2023", "01/03/2024"]);
  });

  it("shows money in USD without decimals, dates DD/MM/YYYY and time h:mm:ss a", () => {
    expect(formatMoney(15_750.6)).toBe("$15,751");
    expect(formatMoney(0)).toBe("$0");
    expect(formatDate(new Date(2024, 10, 5, 7, 3, 9))).toBe("05/11/2024");
    expect(formatTime(new Date(2024, 10, 5, 19, 3, 9))).toBe("7:03:09 pm");
  });

  it("shows durations as 'N mins' / 'Nh M' and times as 'N mins' / 'N hora y M mins'", () => {
    expect(formatDuration(42)).toBe("42 mins");
    expect(formatDuration(75)).toBe("1h 15");
    expect(formatMinutes(42)).toBe("42 mins");
    expect(formatMinutes(75)).toBe("1 hora y 15 mins");
  });

  it("a cut covers whole local days [since, until) in UTC with a Z suffix; through today it ends now", () => {
    const since = dayjs(new Date(2024, 2, 4, 15, 0));
    const until = dayjs(new Date(2024, 2, 10, 9, 0));
    const past = cutPeriod([since, until], new Date(2024, 5, 1));
    expect(past.sinceDate).toBe(
      `${dayjs(new Date(2024, 2, 4, 0, 0, 0))
        .utc()
        .format("YYYY-MM-DDTHH:mm:ss")}Z`,
    );
    expect(past.untilDate).toBe(
      `${dayjs(new Date(2024, 2, 11, 0, 0, 0))
        .utc()
        .format("YYYY-MM-DDTHH:mm:ss")}Z`,
    );
    const now = new Date(2024, 2, 10, 12, 34, 56, 789);
    expect(cutPeriod([since, until], now).untilDate).toBe(
      `${dayjs(new Date(2024, 2, 10, 12, 34, 56))
        .utc()
        .format("YYYY-MM-DDTHH:mm:ss")}Z`,
    );
    expect(past.sinceDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});
