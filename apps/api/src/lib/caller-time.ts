import { API_DATE_PATTERN, API_DATE_YEAR_MESSAGE, apiDateYearInRange } from "@treiber/contract";
import { badRequest } from "./http-error.js";

/**
 * The caller's clock, in one place. The `GMT` header carries the caller's UTC offset in hours with
 * the sign inverted, as the browser's `new Date().getTimezoneOffset() / 60` (UTC-4 → `4`,
 * UTC+5:30 → `-5.5`). It is required on dated calls (plugins/caller-time.ts). Every conversion
 * between the caller's wall clock and UTC instants (local-day ranges, local times shown in
 * exports, Excel cells) goes through here.
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

/** The caller's offset in whole minutes east of UTC negated (for SQL: `utc - minutes` = local). */
export const offsetMinutes = (gmtOffset: number) => Math.round(gmtOffset * 60);

/**
 * An instant moved so that its UTC fields read the caller's wall clock (UTC-4: 14:00Z → 10:00Z).
 * This is also the Excel time shift: a sheet has no zone, so a cell holds the local wall clock.
 */
export const toLocalWallClock = (instant: Date | number, gmtOffset: number) =>
  new Date((instant instanceof Date ? instant.getTime() : instant) - gmtOffset * HOUR_MS);

/** The caller's calendar day of an instant, `YYYY-MM-DD`. */
export const localIsoDate = (instant: Date | number, gmtOffset: number) =>
  toLocalWallClock(instant, gmtOffset).toISOString().slice(0, 10);

/** Today in the caller's zone, as UTC midnight of that calendar day. */
export function localToday(gmtOffset: number, now = Date.now()) {
  const local = toLocalWallClock(now, gmtOffset);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
}

/** An instant as `DD/MM/YYYY h:mm:ss a` in the caller's zone. */
export function displayDateTime(instant: Date, gmtOffset: number) {
  const local = toLocalWallClock(instant, gmtOffset);
  const hours = local.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${hour12}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())} ${hours < 12 ? "am" : "pm"}`;
}

/** The caller's zone as people write it: header `4` → `GMT-4`, `-5.5` → `GMT+5.5`, `0` → `GMT+0`. */
export function gmtLabel(gmtOffset: number) {
  const offset = -gmtOffset;
  return `GMT${offset >= 0 ? "+" : ""}${offset}`;
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

export type InstantRange = { from: Date; to: Date };

/** Whole local days `[since 00:00, until+1 00:00)` in the caller's zone, as UTC instants. */
export function localDayRange(sinceDate: string, untilDate: string, gmtOffset: number): InstantRange {
  const since = parseApiDate(sinceDate, "sinceDate");
  const until = parseApiDate(untilDate, "untilDate");
  if (since > until) {
    throw badRequest("La fecha inicial no puede ser posterior a la final", {
      sinceDate: "La fecha inicial no puede ser posterior a la final",
    });
  }
  const shift = gmtOffset * HOUR_MS;
  return { from: new Date(since + shift), to: new Date(until + DAY_MS + shift) };
}

/**
 * The range of a dated list: whole local days when both dates are given, none when neither is
 * (the contract's `datedListQuerySchema` has already refused a half range).
 */
export function optionalLocalDayRange(
  query: { sinceDate?: string; untilDate?: string },
  gmtOffset: number,
): InstantRange | undefined {
  const { sinceDate, untilDate } = query;
  return sinceDate && untilDate ? localDayRange(sinceDate, untilDate, gmtOffset) : undefined;
}

/**
 * What a repository's sorted, dated list needs from the contract's list query: paging, the search
 * text (`criterion`, or a normalized one the service passes; empty means none), the creation range
 * as instants from the caller's local days, and the sort.
 */
export function listFilters<S extends string>(
  query: {
    amount: number;
    skip: number;
    criterion?: string;
    sinceDate?: string;
    untilDate?: string;
    sortBy?: S;
    sortOrder: "asc" | "desc";
  },
  gmtOffset: number,
  criterion = query.criterion,
) {
  const range = optionalLocalDayRange(query, gmtOffset);
  return {
    amount: query.amount,
    skip: query.skip,
    criterion: criterion || undefined,
    createdFrom: range?.from,
    createdTo: range?.to,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
  };
}
