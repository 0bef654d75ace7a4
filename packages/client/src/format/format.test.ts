import { describe, expect, it } from "vitest";
import {
  format24hTime,
  formatClock,
  formatClockTime,
  formatCoordinate,
  formatDate,
  formatDateShortTime,
  formatDateTime,
  formatDepartureTime,
  formatDistance,
  formatDuration,
  formatElapsed,
  formatEta,
  formatKm,
  formatMinutes,
  formatMoney,
  formatMoneyCents,
  formatNumber,
  formatPercent,
  formatRelative,
  formatShortTime,
  formatSigned,
  formatTime,
  INVALID_DATE,
  minutesBetween,
  timeAgo,
} from "./index";

describe("dates and times (spec §9)", () => {
  const afternoon = new Date(2024, 2, 5, 14, 5, 9);

  it("formatDate is DD/MM/yyyy in the local time zone", () => {
    expect(formatDate(new Date(2024, 2, 5, 23, 59))).toBe("05/03/2024");
    const utcMidday = "2024-12-31T12:00:00Z";
    const local = new Date(utcMidday);
    const expected = `${String(local.getDate()).padStart(2, "0")}/${String(local.getMonth() + 1).padStart(2, "0")}/${local.getFullYear()}`;
    expect(formatDate(utcMidday)).toBe(expected);
  });

  it("reads zoneless strings as local time, like dayjs did", () => {
    expect(formatDate("2026-11-23")).toBe("23/11/2026");
    expect(formatDateTime("2026-11-23 07:05:09")).toBe("23/11/2026 7:05:09 am");
    expect(formatDateTime(new Date(2026, 10, 23, 7, 5, 9).getTime())).toBe("23/11/2026 7:05:09 am");
    expect(formatDate({ toDate: () => afternoon })).toBe("05/03/2024");
  });

  it("formatTime is h:mm:ss a, midnight and noon as 12", () => {
    expect(formatTime(afternoon)).toBe("2:05:09 pm");
    expect(formatTime(new Date(2024, 0, 1, 9, 0, 0))).toBe("9:00:00 am");
    expect(formatTime(new Date(2024, 0, 1, 0, 0, 0))).toBe("12:00:00 am");
    expect(formatTime(new Date(2024, 0, 1, 12, 0, 0))).toBe("12:00:00 pm");
  });

  it("date and time together, with or without seconds", () => {
    expect(formatDateTime(afternoon)).toBe("05/03/2024 2:05:09 pm");
    expect(formatShortTime(afternoon)).toBe("2:05 pm");
    expect(formatDateShortTime(afternoon)).toBe("05/03/2024 2:05 pm");
    expect(format24hTime(afternoon)).toBe("14:05");
    expect(format24hTime(new Date(2024, 0, 1, 7, 5))).toBe("07:05");
  });

  it("an unreadable date reads 'Invalid Date', as before", () => {
    expect(formatDate("")).toBe(INVALID_DATE);
    expect(formatTime("no es una fecha")).toBe(INVALID_DATE);
    expect(formatDateShortTime("")).toBe(`${INVALID_DATE} ${INVALID_DATE}`);
  });

  it("formatClockTime shows the API's time of day as h:mm:ss a", () => {
    expect(formatClockTime("14:05:09")).toBe("2:05:09 pm");
    expect(formatClockTime("07:30")).toBe("7:30:00 am");
    expect(formatClockTime("00:00:00")).toBe("12:00:00 am");
    expect(formatClockTime("12:00")).toBe("12:00:00 pm");
  });
});

describe("relative time (spec §9)", () => {
  const now = new Date(2026, 10, 23, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms);

  it("reads 'Hace ...' in Spanish through dayjs's thresholds", () => {
    expect(formatRelative(ago(2_000), now)).toBe("Hace unos segundos");
    expect(formatRelative(ago(44_000), now)).toBe("Hace unos segundos");
    expect(formatRelative(ago(45_000), now)).toBe("Hace un minuto");
    expect(formatRelative(ago(5 * 60_000), now)).toBe("Hace 5 minutos");
    expect(formatRelative(ago(45 * 60_000), now)).toBe("Hace una hora");
    expect(formatRelative(ago(2 * 3_600_000), now)).toBe("Hace 2 horas");
    expect(formatRelative(new Date(2026, 10, 22, 12, 0, 0), now)).toBe("Hace un día");
    expect(formatRelative(new Date(2026, 10, 20, 12, 0, 0), now)).toBe("Hace 3 días");
    expect(formatRelative(new Date(2026, 9, 10, 12, 0, 0), now)).toBe("Hace un mes");
    expect(formatRelative(new Date(2026, 8, 20, 12, 0, 0), now)).toBe("Hace 2 meses");
    expect(formatRelative(new Date(2025, 10, 1, 12, 0, 0), now)).toBe("Hace un año");
    expect(formatRelative(new Date(2023, 10, 23, 12, 0, 0), now)).toBe("Hace 3 años");
  });

  it("a future moment reads 'En ...'", () => {
    expect(formatRelative(new Date(now.getTime() + 2 * 3_600_000), now)).toBe("En 2 horas");
  });

  it("timeAgo never reads as future and is empty without a date", () => {
    expect(timeAgo(new Date(now.getTime() + 5 * 60_000), now)).toBe("Hace unos segundos");
    expect(timeAgo(new Date(now.getTime() - 5 * 60_000).toISOString(), now)).toBe("Hace 5 minutos");
    expect(timeAgo(null, now)).toBe("");
    expect(timeAgo(undefined, now)).toBe("");
    expect(timeAgo("", now)).toBe("");
    expect(timeAgo("no es una fecha", now)).toBe("");
  });
});

describe("money (spec §9)", () => {
  it("is USD with no decimals, rounded, with thousands separators", () => {
    expect(formatMoney(1234.5)).toBe("$1,235");
    expect(formatMoney(1234.49)).toBe("$1,234");
    expect(formatMoney(0.5)).toBe("$1");
    expect(formatMoney(1_234_567)).toBe("$1,234,567");
    expect(formatMoney(-250)).toBe("-$250");
    expect(formatMoney("250.4")).toBe("$250");
  });

  it("formatMoneyCents: a rate with its cents", () => {
    expect(formatMoneyCents(2.5)).toBe("$2.50");
    expect(formatMoneyCents(1234)).toBe("$1,234.00");
    expect(formatMoneyCents(Number.NaN)).toBe("$0.00");
  });
  it("reads missing or unreadable amounts as $0", () => {
    expect(formatMoney(0)).toBe("$0");
    expect(formatMoney(null)).toBe("$0");
    expect(formatMoney(undefined)).toBe("$0");
    expect(formatMoney("abc")).toBe("$0");
  });
});

describe("times and durations in minutes (spec §9)", () => {
  it("minutesBetween counts whole minutes, never negative", () => {
    expect(minutesBetween("2026-11-23T10:00:00Z", "2026-11-23T10:59:59Z")).toBe(59);
    expect(minutesBetween("2026-11-23T10:00:00Z", "2026-11-23T11:00:00Z")).toBe(60);
    expect(minutesBetween("2026-11-23T10:00:00Z", new Date(Date.UTC(2026, 10, 23, 9, 0)))).toBe(0);
  });

  it("formatMinutes: 'N mins' under 60, else 'N hora y M mins'", () => {
    expect(formatMinutes(0)).toBe("0 mins");
    expect(formatMinutes(59)).toBe("59 mins");
    expect(formatMinutes(59.4)).toBe("59 mins");
    expect(formatMinutes(59.5)).toBe("1 hora y 0 mins");
    expect(formatMinutes(60)).toBe("1 hora y 0 mins");
    expect(formatMinutes(135)).toBe("2 hora y 15 mins");
    expect(formatMinutes(-5)).toBe("0 mins");
  });

  it("formatDuration: 'N mins' under 60, else 'Nh M'", () => {
    expect(formatDuration(45)).toBe("45 mins");
    expect(formatDuration(59)).toBe("59 mins");
    expect(formatDuration(60)).toBe("1h 0");
    expect(formatDuration(90)).toBe("1h 30");
    expect(formatDuration(120)).toBe("2h 0");
    expect(formatDuration(-1)).toBe("0 mins");
  });
});

describe("kilometres", () => {
  it("formatKm: the back office's km, Dominican separators, 1 or 2 decimals at most", () => {
    expect(formatKm(12.345, 2)).toBe("12.35 km");
    expect(formatKm(12.345, 1)).toBe("12.3 km");
    expect(formatKm(1234.5, 1)).toBe("1,234.5 km");
    expect(formatKm(7, 2)).toBe("7 km");
    expect(formatKm(0, 1)).toBe("0 km");
  });

  it("formatNumber and formatPercent: the back office's numbers, Dominican separators", () => {
    expect(formatNumber(1234.567)).toBe("1,234.57");
    expect(formatNumber(68.94, 1)).toBe("68.9");
    expect(formatNumber(1.35, 2, 2)).toBe("1.35");
    expect(formatNumber(2, 1, 1)).toBe("2.0");
    expect(formatPercent(0.333)).toBe("33 %");
    expect(formatPercent(0.3333, 1)).toBe("33.3 %");
    expect(formatPercent(1)).toBe("100 %");
  });

  it("formatSigned: a difference with its sign (a true minus), zero without one", () => {
    expect(formatSigned(2, String)).toBe("+2");
    expect(formatSigned(-1.5, (km) => formatKm(km, 1))).toBe("−1.5 km");
    expect(formatSigned(1e-12, (km) => formatKm(km, 1))).toBe("0 km");
    expect(formatSigned(-12, formatMinutes)).toBe("−12 mins");
  });
  it("formatCoordinate: degrees with a fixed number of decimals, never grouped", () => {
    expect(formatCoordinate(18.47)).toBe("18.47000");
    expect(formatCoordinate(-69.930_001_4, 6)).toBe("-69.930001");
    expect(formatCoordinate(-179.5, 5)).toBe("-179.50000");
  });
  it("formatDistance: Treiber App's distance, metres under 1 km, decimal comma", () => {
    expect(formatDistance(0)).toBe("0 m");
    expect(formatDistance(843)).toBe("840 m");
    expect(formatDistance(847)).toBe("850 m");
    expect(formatDistance(999)).toBe("1000 m");
    expect(formatDistance(1000)).toBe("1,0 km");
    expect(formatDistance(2_430)).toBe("2,4 km");
    expect(formatDistance(2_450)).toBe("2,5 km");
    expect(formatDistance(12_400)).toBe("12 km");
    expect(formatDistance(12_600)).toBe("13 km");
  });
});

describe("Treiber App's clock, stopwatch and arrival estimate", () => {
  it("formatClock is '7:05 a. m.' in the phone's time zone, '—' without a moment", () => {
    expect(formatClock(new Date(2026, 10, 23, 7, 5).toISOString())).toBe("7:05 a. m.");
    expect(formatClock(new Date(2026, 10, 23, 13, 40).toISOString())).toBe("1:40 p. m.");
    expect(formatClock(new Date(2026, 10, 23, 0, 30).toISOString())).toBe("12:30 a. m.");
    expect(formatClock(null)).toBe("—");
    expect(formatClock(undefined)).toBe("—");
    expect(formatClock("no es una fecha")).toBe("—");
  });

  it("formatDepartureTime labels an 'HH:mm' departure", () => {
    expect(formatDepartureTime("07:05")).toBe("7:05 a. m.");
    expect(formatDepartureTime("12:00")).toBe("12:00 p. m.");
    expect(formatDepartureTime("00:30")).toBe("12:30 a. m.");
    expect(formatDepartureTime(null)).toBe("Sin hora fija");
    expect(formatDepartureTime("mañana")).toBe("mañana");
  });

  it("formatElapsed is mm:ss under an hour, h:mm:ss from an hour on", () => {
    expect(formatElapsed(0)).toBe("00:00");
    expect(formatElapsed(65_400)).toBe("01:05");
    expect(formatElapsed(3_599_999)).toBe("59:59");
    expect(formatElapsed(3_600_000)).toBe("1:00:00");
    expect(formatElapsed(3_600_000 + 9 * 60_000 + 7_000)).toBe("1:09:07");
    expect(formatElapsed(-5_000)).toBe("00:00");
  });

  it("formatEta is 'N min' under an hour, 'N h MM min' from an hour on", () => {
    expect(formatEta(1)).toBe("1 min");
    expect(formatEta(7)).toBe("7 min");
    expect(formatEta(59)).toBe("59 min");
    expect(formatEta(60)).toBe("1 h 00 min");
    expect(formatEta(65)).toBe("1 h 05 min");
  });
});
