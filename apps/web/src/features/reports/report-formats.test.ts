import { formatDate, formatDuration, formatMinutes, formatMoney, formatTime } from "@treiber/client/format";
import { describe, expect, it } from "vitest";
import { dayjs, toCutDate } from "../../shared/format";
import { cutUntilOf } from "./cuts/lib/cut-period";
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

  it("a cut's period is sent as YYYY-MM-DDTHH:mm:ssZ, ending at the local midnight after its last day", () => {
    const until = cutUntilOf(dayjs(new Date(2024, 2, 10, 15, 0)), new Date(2024, 5, 1));
    expect(toCutDate(until)).toBe(
      `${dayjs(new Date(2024, 2, 11))
        .utc()
        .format("YYYY-MM-DDTHH:mm:ss")}Z`,
    );
    expect(toCutDate(until)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });
});
