import { describe, expect, it } from "vitest";
import { formatServiceDate, isServiceDate, toServiceDate } from "./service-date";

describe("service dates (issue 35)", () => {
  it("shows a YYYY-MM-DD as its own calendar day, DD/MM/yyyy", () => {
    expect(formatServiceDate("2026-11-30")).toBe("30/11/2026");
    expect(formatServiceDate("2027-01-01")).toBe("01/01/2027");
  });

  it("writes a picked day as YYYY-MM-DD and checks typed ones", () => {
    expect(toServiceDate(new Date(2026, 10, 29, 23, 59))).toBe("2026-11-29");
    expect(isServiceDate("2026-11-29")).toBe(true);
    expect(isServiceDate("2026-02-30")).toBe(false);
    expect(isServiceDate("11/29/2026")).toBe(false);
  });
});
