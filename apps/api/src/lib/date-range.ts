import { API_DATE_PATTERN } from "@treiber/contract";
import { badRequest } from "./http-error.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Parses an `MM/DD/YYYY` date into UTC midnight of that calendar day, rejecting impossible dates. */
export function parseApiDate(value: string, field: string): number {
  if (!API_DATE_PATTERN.test(value)) {
    throw badRequest("Fecha inválida (formato MM/DD/YYYY)", {
      [field]: "Fecha inválida (formato MM/DD/YYYY)",
    });
  }
  const [month, day, year] = value.split("/").map(Number) as [number, number, number];
  const utc = Date.UTC(year, month - 1, day);
  const check = new Date(utc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    throw badRequest("Fecha inválida", { [field]: "Fecha inválida" });
  }
  return utc;
}

/**
 * Whole local days `[since 00:00, until+1 00:00)` in the caller's time zone, as UTC instants.
 * `gmtOffsetHours` is the `GMT` header: `getTimezoneOffset() / 60` (UTC-4 → 4).
 */
export function localDayRange(
  sinceDate: string,
  untilDate: string,
  gmtOffsetHours: number,
): { from: Date; to: Date } {
  const since = parseApiDate(sinceDate, "sinceDate");
  const until = parseApiDate(untilDate, "untilDate");
  if (since > until) {
    throw badRequest("La fecha inicial no puede ser posterior a la final", {
      sinceDate: "La fecha inicial no puede ser posterior a la final",
    });
  }
  const shift = gmtOffsetHours * HOUR;
  return { from: new Date(since + shift), to: new Date(until + DAY + shift) };
}

/** Parses the `GMT` header; absent means UTC. Returns undefined when the value is not an offset. */
export function parseGmtHeader(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return 0;
  const raw = Array.isArray(value) ? value[0] : value;
  if (raw === undefined || raw.trim() === "") return 0;
  const hours = Number(raw);
  if (!Number.isFinite(hours) || hours < -14 || hours > 14) return undefined;
  return hours;
}
