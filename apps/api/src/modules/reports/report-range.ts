import { CUT_DATE_MESSAGE, CUT_DATE_PATTERN, REPORT_DEFAULT_DAYS_BACK } from "@treiber/contract";
import { type CallerClock, DAY_MS, formatApiDate } from "../../lib/caller-clock.js";
import { badRequest } from "../../lib/http-error.js";

export type ResolvedRange = { from: Date; to: Date; sinceDate: string; untilDate: string };

/**
 * Whole local days of a report (MM/DD/YYYY, spec §9). A missing end is today; a missing start is
 * 6 days before the end (the default range: the last 6 days through today).
 */
export function reportRange(
  query: { sinceDate?: string; untilDate?: string },
  clock: CallerClock,
  now = Date.now(),
): ResolvedRange {
  const untilDate = query.untilDate ?? formatApiDate(clock.today(now));
  const sinceDate =
    query.sinceDate ??
    (query.untilDate
      ? formatApiDate(Date.UTC(...utcParts(query.untilDate)) - REPORT_DEFAULT_DAYS_BACK * DAY_MS)
      : formatApiDate(clock.today(now) - REPORT_DEFAULT_DAYS_BACK * DAY_MS));
  const { from, to } = clock.dayRange(sinceDate, untilDate);
  return { from, to, sinceDate, untilDate };
}

function utcParts(value: string): [number, number, number] {
  const [month, day, year] = value.split("/").map(Number) as [number, number, number];
  return [year, month - 1, day];
}

/** Parses a cut date `YYYY-MM-DDTHH:mm:ssZ` (spec §5), rejecting impossible dates. */
export function parseCutDate(value: string, field: string): Date {
  const date = new Date(value);
  if (
    !CUT_DATE_PATTERN.test(value) ||
    Number.isNaN(date.getTime()) ||
    date.getUTCFullYear() < 1000 ||
    !date.toISOString().startsWith(value.slice(0, 19))
  ) {
    throw badRequest(CUT_DATE_MESSAGE, { [field]: CUT_DATE_MESSAGE });
  }
  return date;
}

/**
 * Range of a cut list: each end either MM/DD/YYYY (whole local days) or an exact
 * `YYYY-MM-DDTHH:mm:ssZ` instant; the default range when both are missing.
 */
export function cutListRange(query: { sinceDate?: string; untilDate?: string }, clock: CallerClock) {
  const exact = (value: string | undefined) => value !== undefined && CUT_DATE_PATTERN.test(value);
  if (!exact(query.sinceDate) && !exact(query.untilDate)) return reportRange(query, clock);
  const local = reportRange(
    {
      sinceDate: exact(query.sinceDate) ? undefined : query.sinceDate,
      untilDate: exact(query.untilDate) ? undefined : query.untilDate,
    },
    clock,
  );
  const from = exact(query.sinceDate) ? parseCutDate(query.sinceDate as string, "sinceDate") : local.from;
  const to = exact(query.untilDate) ? parseCutDate(query.untilDate as string, "untilDate") : local.to;
  if (from >= to) {
    throw badRequest("La fecha inicial no puede ser posterior a la final", {
      sinceDate: "La fecha inicial no puede ser posterior a la final",
    });
  }
  return {
    from,
    to,
    sinceDate: query.sinceDate ?? local.sinceDate,
    untilDate: query.untilDate ?? local.untilDate,
  };
}
