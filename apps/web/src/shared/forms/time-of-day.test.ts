import { formatClockTime } from "@treiber/client/format";
import { describe, expect, it } from "vitest";
import { fromApiTime, parseTimeOfDay, TIME_DISPLAY_FORMAT } from "./time-of-day";

const hhmm = (text: string) => parseTimeOfDay(text)?.format("HH:mm") ?? null;

describe("parseTimeOfDay", () => {
  it.each([
    ["6:40:00 am", "06:40"],
    ["6:40 am", "06:40"],
    ["6:40 AM", "06:40"],
    ["6:40am", "06:40"],
    ["6:40 pm", "18:40"],
    ["6:40 PM", "18:40"],
    ["12:05 am", "00:05"],
    ["12:05 pm", "12:05"],
    ["18:40", "18:40"],
    ["06:40", "06:40"],
    ["7:30", "07:30"],
    ["23:59:00", "23:59"],
    [" 6:40 am ", "06:40"],
  ])("%j is %s", (typed, expected) => {
    expect(hhmm(typed)).toBe(expected);
  });

  it.each(["", "25:00", "6:4", "6:60 am", "13:00 pm", "seis"])("%j is refused", (typed) => {
    expect(parseTimeOfDay(typed)).toBeNull();
  });

  it("shows what it parsed in the spec's format, the same as the lists", () => {
    expect(parseTimeOfDay("6:40 am")?.format(TIME_DISPLAY_FORMAT)).toBe("6:40:00 am");
    expect(parseTimeOfDay("18:40")?.format(TIME_DISPLAY_FORMAT)).toBe("6:40:00 pm");
    expect(formatClockTime("06:40")).toBe("6:40:00 am");
  });
});

describe("fromApiTime", () => {
  it("reads the API's HH:mm and HH:mm:ss", () => {
    expect(fromApiTime("06:40")?.format("HH:mm")).toBe("06:40");
    expect(fromApiTime("18:40:00")?.format("HH:mm")).toBe("18:40");
    expect(fromApiTime(null)).toBeUndefined();
  });
});
