import {
  bookingReportQuerySchema,
  cutListQuerySchema,
  INTEGRATION_MESSAGES,
  incidentReportQuerySchema,
  reportQuerySchema,
  routeNotScheduledReportQuerySchema,
  type ScheduledReport,
  safeArrivalReportQuerySchema,
  savingsReportQuerySchema,
} from "@treiber/contract";
import { API, type ApiEndpoint } from "@treiber/contract/api-paths";
import type { z } from "zod";
import { badRequest } from "../../lib/http-error.js";

type Entry = { endpoint: ApiEndpoint; query: z.ZodType & { shape: Record<string, unknown> } };

/** Each report a schedule may send: the Excel route it is read from, and that route's query. */
export const SCHEDULED_REPORT_EXCEL: Record<ScheduledReport, Entry> = {
  branchOffice: { endpoint: API.branchOffice.reportExcel, query: reportQuerySchema },
  employee: { endpoint: API.employee.reportExcel, query: reportQuerySchema },
  driver: { endpoint: API.driver.reportExcel, query: reportQuerySchema },
  route: { endpoint: API.route.reportExcel, query: reportQuerySchema },
  routeNotScheduled: {
    endpoint: API.routeNotScheduled.reportExcel,
    query: routeNotScheduledReportQuerySchema,
  },
  booking: { endpoint: API.booking.reportExcel, query: bookingReportQuerySchema },
  incident: { endpoint: API.incident.reportExcel, query: incidentReportQuerySchema },
  safeArrival: { endpoint: API.safeArrival.reportExcel, query: safeArrivalReportQuerySchema },
  savings: { endpoint: API.planning.savingsExcel, query: savingsReportQuerySchema },
  cutGeneral: { endpoint: API.cut.generalExcel, query: cutListQuerySchema },
};

/** What a schedule never keeps: the period comes from its frequency, the Excel has every row. */
const NOT_FILTERS = new Set(["sinceDate", "untilDate", "amount", "skip"]);

export type ScheduleFilters = Record<string, string | number>;

/**
 * A schedule's filters as its report's Excel reads them: only that query's own keys (not the dates
 * or paging), each checked by the route's schema; empty values dropped. A bad one answers 400.
 */
export function checkFilters(report: ScheduledReport, filters: ScheduleFilters): ScheduleFilters {
  const { query } = SCHEDULED_REPORT_EXCEL[report];
  const kept: ScheduleFilters = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value === "") continue;
    if (NOT_FILTERS.has(key) || !(key in query.shape)) {
      throw badRequest(INTEGRATION_MESSAGES.scheduleFilters, { [key]: INTEGRATION_MESSAGES.scheduleFilters });
    }
    kept[key] = value;
  }
  const probe = Object.fromEntries(Object.entries(kept).map(([key, value]) => [key, String(value)]));
  const parsed = query.safeParse(probe);
  if (!parsed.success) {
    const key = String(parsed.error.issues[0]?.path[0] ?? "filters");
    throw badRequest(INTEGRATION_MESSAGES.scheduleFilters, { [key]: INTEGRATION_MESSAGES.scheduleFilters });
  }
  return kept;
}

/** The Excel route's URL for a period (MM/DD/YYYY local days) and the schedule's filters. */
export function excelUrl(report: ScheduledReport, filters: ScheduleFilters, since: string, until: string) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) params.set(key, String(value));
  params.set("sinceDate", since);
  params.set("untilDate", until);
  return `${SCHEDULED_REPORT_EXCEL[report].endpoint.path}?${params}`;
}
