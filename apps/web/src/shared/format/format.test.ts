import { describe, expect, it } from "vitest";
import {
  formatClockTime,
  formatDate,
  formatDuration,
  formatMinutes,
  formatMoney,
  formatRelative,
  formatTime,
  lastDays,
  toApiDate,
  toCutDate,
  toUtcString,
} from "./index";

describe("display formats", () => {
  it("formatDate is DD/MM/YYYY in the local time zone", () => {
    expect(formatDate(new Date(2024, 2, 5, 23, 59))).toBe("05/03/2024");
    const utcMidday = "2024-12-31T12:00:00Z";
    const local = new Date(utcMidday);
    const expected = `${String(local.getDate()).padStart(2, "0")}/${String(local.getMonth() + 1).padStart(2, "0")}/${local.getFullYear()}`;
    expect(formatDate(utcMidday)).toBe(expected);
  });

  it("formatClockTime shows the API's time of day as h:mm:ss a", () => {
    expect(formatClockTime("14:05:09")).toBe("2:05:09 pm");
    expect(formatClockTime("07:30")).toBe("7:30:00 am");
    expect(formatClockTime("00:00:00")).toBe("12:00:00 am");
  });

  it("formatTime is h:mm:ss a", () => {
    expect(formatTime(new Date(2024, 0, 1, 14, 5, 9))).toBe("2:05:09 pm");
    expect(formatTime(new Date(2024, 0, 1, 9, 0, 0))).toBe("9:00:00 am");
  });

  it("formatMoney is USD with no decimals", () => {
    expect(formatMoney(1234.5)).toBe("$1,235");
    expect(formatMoney(0)).toBe("$0");
    expect(formatMoney("250.4")).toBe("$250");
    expect(formatMoney(null)).toBe("$0");
  });

  it("formatMinutes: 'N mins' under 60, else 'N hora y M mins'", () => {
    expect(formatMinutes(0)).toBe("0 mins");
    expect(formatMinutes(59)).toBe("59 mins");
    expect(formatMinutes(60)).toBe("1 hora y 0 mins");
    expect(formatMinutes(135)).toBe("2 hora y 15 mins");
  });

  it("formatDuration: 'N mins' under 60, else 'Nh M'", () => {
    expect(formatDuration(45)).toBe("45 mins");
    expect(formatDuration(90)).toBe("1h 30");
    expect(formatDuration(120)).toBe("2h 0");
  });

  it("formatRelative reads 'Hace ...' in Spanish", () => {
    const now = new Date(2024, 0, 1, 12, 0, 0);
    expect(formatRelative(new Date(2024, 0, 1, 11, 55, 0), now)).toBe("Hace 5 minutos");
    expect(formatRelative(new Date(2023, 11, 31, 12, 0, 0), now)).toBe("Hace un día");
    expect(formatRelative(new Date(2024, 0, 1, 11, 59, 58), now)).toBe("Hace unos segundos");
  });
});

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
