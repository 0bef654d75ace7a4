import { describe, expect, it } from "vitest";
import { lastDays, toApiDate, toCutDate, toUtcString } from "./index";

describe("API formats", () => {
  it("toApiDate is MM/DD/YYYY", () => {
    expect(toApiDate(new Date(2024, 2, 5))).toBe("03/05/2024");
  });

  it("toCutDate is UTC YYYY-MM-DDTHH:mm:ss plus Z", () => {
    expect(toCutDate(new Date(Date.UTC(2024, 6, 1, 4, 30, 15)))).toBe("2024-07-01T04:30:15Z");
    expect(toUtcString(new Date(Date.UTC(2024, 6, 1, 4, 30, 15)))).toBe("2024-07-01 04:30:15");
  });

  it("lastDays(6) covers today-6 through today", () => {
    const [since, until] = lastDays(6, new Date(2024, 2, 10, 15, 0));
    expect(toApiDate(since)).toBe("03/04/2024");
    expect(toApiDate(until)).toBe("03/10/2024");
    expect(since.hour()).toBe(0);
  });
});

describe("API date parsing", () => {
  it("parses MM/DD/YYYY strictly with customParseFormat", async () => {
    const { dayjs } = await import("./dayjs-setup");
    expect(dayjs("01/31/2026", "MM/DD/YYYY", true).isValid()).toBe(true);
    expect(dayjs("31/01/2026", "MM/DD/YYYY", true).isValid()).toBe(false);
  });
});
