import {
  format24hTime,
  formatClockTime,
  formatDate,
  formatDateShortTime,
  formatRelative,
  formatTime,
  minutesBetween,
} from "@treiber/client/format";
import relativeTime from "dayjs/plugin/relativeTime";
import { describe, expect, it } from "vitest";
import { dayjs } from "./dayjs-setup";

dayjs.extend(relativeTime);

/**
 * The back office wrote its display formats with dayjs before @treiber/client/format (no dayjs)
 * took them over: this sweep checks both give the same text, so no screen changed.
 */
describe("@treiber/client/format writes what dayjs wrote", () => {
  const bases = [
    new Date(2026, 10, 23, 12, 0, 0),
    new Date(2026, 2, 31, 0, 30),
    new Date(2024, 1, 29, 23, 59, 59),
  ];
  const scales = [1e3, 6e4, 36e5, 864e5, 30 * 864e5, 365 * 864e5];
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const samples = bases.flatMap((now) =>
    Array.from({ length: 600 }, (_, i) => {
      const scale = scales[i % scales.length] ?? 1e3;
      return {
        now,
        moment: new Date(now.getTime() + Math.round((random() * 2 - 1) * scale * (1 + random() * 3))),
      };
    }),
  );

  it("dates, times and relative times", () => {
    for (const { now, moment } of samples) {
      const text = dayjs(moment).locale("es").from(dayjs(now));
      expect(formatRelative(moment, now)).toBe(text.charAt(0).toUpperCase() + text.slice(1));
      expect(formatDate(moment)).toBe(dayjs(moment).format("DD/MM/YYYY"));
      expect(formatTime(moment)).toBe(dayjs(moment).format("h:mm:ss a"));
      expect(formatDateShortTime(moment)).toBe(dayjs(moment).format("DD/MM/YYYY h:mm a"));
      expect(format24hTime(moment)).toBe(dayjs(moment).format("HH:mm"));
      expect(minutesBetween(moment, now)).toBe(Math.max(0, dayjs(now).diff(dayjs(moment), "minute")));
    }
  });

  it("strings as the API and the forms send them", () => {
    for (const value of [
      "2026-11-23",
      "2026-11-23 07:05:00",
      "2026-11-23T19:05:09.123",
      "2026-11-23T07:05:09Z",
      "",
    ]) {
      expect(formatDate(value)).toBe(dayjs(value).format("DD/MM/YYYY"));
      expect(formatTime(value)).toBe(dayjs(value).format("h:mm:ss a"));
    }
    for (const value of ["14:05:09", "07:30", "00:00:00", "23:59"]) {
      const [hours = 0, minutes = 0, seconds = 0] = value.split(":").map(Number);
      expect(formatClockTime(value)).toBe(
        dayjs().hour(hours).minute(minutes).second(seconds).format("h:mm:ss a"),
      );
    }
  });
});
