import { API_DATE_PATTERN, API_DATE_YEAR_MESSAGE, apiDateYearInRange } from "@treiber/contract";
import { badRequest } from "./http-error.js";

/**
 * The caller's clock, in one place. The `GMT` header carries the caller's UTC offset in hours with
 * the sign inverted, as the browser's `new Date().getTimezoneOffset() / 60` (UTC-4 → `4`,
 * UTC+5:30 → `-5.5`). plugins/caller-time.ts reads it once per request into `request.clock` (a
 * CallerClock; it is required on dated calls). Every conversion between the caller's wall clock
 * and UTC instants (local-day ranges, local times shown in exports, Excel cells, SQL that groups
 * by local day) goes through that one value; the API date helpers below need no offset.
 */

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The zones in use whose UTC offset is not whole hours (tz database): UTC−9:30 (Marquesas),
 * −3:30 and −2:30 (Newfoundland), +3:30 (Iran), +4:30 (Afghanistan), +5:30 (India), +5:45 (Nepal),
 * +6:30 (Myanmar), +8:45 (Eucla), +9:30 and +10:30 (Central Australia), +12:45 and +13:45 (Chatham).
 */
export const FRACTIONAL_UTC_OFFSETS = [
  -9.5, -3.5, -2.5, 3.5, 4.5, 5.5, 5.75, 6.5, 8.75, 9.5, 10.5, 12.75, 13.75,
];

/** How the browser writes an offset: an optional minus, whole hours without leading zeros, then .5 or .75. */
const GMT_PATTERN = /^-?(?:0|[1-9]\d?)(?:\.(?:5|75))?$/;

/**
 * Parses the `GMT` header: `null` when absent or empty, `undefined` when it is not a real offset.
 * Real offsets are UTC−12 … UTC+14 in whole hours or one of FRACTIONAL_UTC_OFFSETS, so the header
 * (sign inverted) is −14 … 12 or one of those negated; written as the browser writes a number
 * (`4`, `-5.5`, `-5.75`): no `+`, spaces, leading zeros, exponents or hexadecimal.
 */
export function parseGmtHeader(value: string | string[] | undefined): number | null | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw === "") return null;
  if (!GMT_PATTERN.test(raw) || raw === "-0") return undefined;
  const utcOffset = -Number(raw);
  if (Number.isInteger(utcOffset)) return utcOffset >= -12 && utcOffset <= 14 ? -utcOffset : undefined;
  return FRACTIONAL_UTC_OFFSETS.includes(utcOffset) ? -utcOffset : undefined;
}

export type InstantRange = { from: Date; to: Date };

/**
 * The caller's clock: its offset (the `GMT` header's number, hours with the sign inverted) and
 * everything that reads or writes the caller's wall clock. A "wall clock" value is a timestamp
 * whose UTC fields read the caller's local date and time; a "day" is UTC midnight of a calendar
 * day (what parseApiDate returns).
 */
export class CallerClock {
  /** The clock of a call without a `GMT` header (undated routes default to UTC). */
  static readonly UTC = new CallerClock(0);

  /** The clock of a `GMT` header: `null` when absent or empty, `undefined` when not a real offset. */
  static fromHeader(value: string | string[] | undefined): CallerClock | null | undefined {
    const gmtOffset = parseGmtHeader(value);
    if (gmtOffset === null || gmtOffset === undefined) return gmtOffset;
    return gmtOffset === 0 ? CallerClock.UTC : new CallerClock(gmtOffset);
  }

  /** @param gmtOffset hours, sign inverted, as the `GMT` header (UTC-4 → 4, UTC+5:30 → -5.5). */
  constructor(readonly gmtOffset: number) {}

  /** The offset in whole minutes, sign inverted (for SQL: `utc - offsetMinutes` = local). */
  get offsetMinutes() {
    return Math.round(this.gmtOffset * 60);
  }

  /** The zone as people write it: header `4` → `GMT-4`, `-5.5` → `GMT+5.5`, `0` → `GMT+0`. */
  get label() {
    const offset = -this.gmtOffset;
    return `GMT${offset >= 0 ? "+" : ""}${offset}`;
  }

  /**
   * An instant moved so that its UTC fields read the caller's wall clock (UTC-4: 14:00Z → 10:00Z).
   * This is also the Excel time shift: a sheet has no zone, so a cell holds the local wall clock.
   */
  wallClock(instant: Date | number): Date {
    return new Date((instant instanceof Date ? instant.getTime() : instant) - this.gmtOffset * HOUR_MS);
  }

  /** The instant at which the caller's wall clock reads `wallClock` (the inverse of wallClock). */
  fromWallClock(wallClock: number): Date {
    return new Date(wallClock + this.gmtOffset * HOUR_MS);
  }

  /** The caller's calendar day of an instant, `YYYY-MM-DD`. */
  isoDate(instant: Date | number): string {
    return this.wallClock(instant).toISOString().slice(0, 10);
  }

  /** Today in the caller's zone (or the day of `now`), as UTC midnight of that calendar day. */
  today(now = Date.now()): number {
    const local = this.wallClock(now);
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  }

  /** The caller's local day `day` (UTC midnight of it) as the instants `[00:00, next 00:00)`. */
  dayBounds(day: number): InstantRange {
    return { from: this.fromWallClock(day), to: this.fromWallClock(day + DAY_MS) };
  }

  /** Whole local days `[since 00:00, until+1 00:00)` of API dates `MM/DD/YYYY`, as UTC instants. */
  dayRange(sinceDate: string, untilDate: string): InstantRange {
    const since = parseApiDate(sinceDate, "sinceDate");
    const until = parseApiDate(untilDate, "untilDate");
    if (since > until) {
      throw badRequest("La fecha inicial no puede ser posterior a la final", {
        sinceDate: "La fecha inicial no puede ser posterior a la final",
      });
    }
    return { from: this.fromWallClock(since), to: this.fromWallClock(until + DAY_MS) };
  }

  /**
   * The range of a dated list: whole local days when both dates are given, none when neither is
   * (the contract's `datedListQuerySchema` has already refused a half range).
   */
  optionalDayRange(query: { sinceDate?: string; untilDate?: string }): InstantRange | undefined {
    const { sinceDate, untilDate } = query;
    return sinceDate && untilDate ? this.dayRange(sinceDate, untilDate) : undefined;
  }

  /** An instant as `DD/MM/YYYY h:mm:ss a` in the caller's zone. */
  displayDateTime(instant: Date): string {
    const local = this.wallClock(instant);
    const hours = local.getUTCHours();
    const hour12 = hours % 12 === 0 ? 12 : hours % 12;
    return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${hour12}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${hours < 12 ? "am" : "pm"}`;
  }
}

/** An API date `MM/DD/YYYY` as displayed, `DD/MM/YYYY` (spec §9). */
export const displayDate = (apiDate: string) => {
  const [month, day, year] = apiDate.split("/");
  return `${day}/${month}/${year}`;
};

/** UTC midnight of a calendar day as `MM/DD/YYYY` (the API date format, spec §9). */
export function formatApiDate(utcMidnight: number) {
  const d = new Date(utcMidnight);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}

/**
 * Parses an `MM/DD/YYYY` date into UTC midnight of that calendar day, rejecting impossible dates
 * and years outside API_DATE_MIN_YEAR…API_DATE_MAX_YEAR (the contract's bound).
 */
export function parseApiDate(value: string, field: string): number {
  if (!API_DATE_PATTERN.test(value)) {
    throw badRequest("Fecha inválida (formato MM/DD/YYYY)", {
      [field]: "Fecha inválida (formato MM/DD/YYYY)",
    });
  }
  if (!apiDateYearInRange(value)) throw badRequest(API_DATE_YEAR_MESSAGE, { [field]: API_DATE_YEAR_MESSAGE });
  const [month, day, year] = value.split("/").map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw badRequest("Fecha inválida", { [field]: "Fecha inválida" });
  }
  return utc;
}
