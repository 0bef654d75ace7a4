import type {
  EmployeeStatsResponse,
  ServiceStatsResponse,
  StatsQuery,
  SupplierStatsItem,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { type CallerClock, DAY_MS } from "../../lib/caller-clock.js";
import { reportRange } from "../reports/report-range.js";
import { countCollaborators, countTripServices, ridersByDay, supplierCosts } from "./stats-repository.js";

/** The per-day series is filled with empty days up to this many days. */
const MAX_SERIES_DAYS = 366;

export type StatsService = ReturnType<typeof createStatsService>;

/**
 * Dashboard statistics over whole local days (default: the last 6 days through today). They count
 * what the reports and cuts bill: finished trips by their **end** and their services, so the
 * counts and the supplier amounts agree with the reports of the same days. Trips started in the
 * range and still in progress are counted apart (`amountInProgress`).
 */
export function createStatsService(db: Db) {
  return {
    async services(query: StatsQuery, clock: CallerClock): Promise<ServiceStatsResponse> {
      const counts = await countTripServices(db, reportRange(query, clock));
      return {
        amountIntermediateRoute: counts.scheduled,
        amountNotScheduleServices: counts.notScheduled,
        amountEmployeeService: counts.boarded,
        amountEmployeeCanceledService: counts.canceled,
        amountInProgress: counts.inProgress,
      };
    },

    suppliers(query: StatsQuery, clock: CallerClock): Promise<SupplierStatsItem[]> {
      return supplierCosts(db, reportRange(query, clock));
    },

    async employees(query: StatsQuery, clock: CallerClock): Promise<EmployeeStatsResponse> {
      const { from, to } = reportRange(query, clock);
      const [summary, dayRows] = await Promise.all([
        countCollaborators(db, { from, to }),
        ridersByDay(db, { from, to }, clock),
      ]);
      const byDay = new Map(dayRows.map(({ date, ...counts }) => [date, counts]));
      const days: EmployeeStatsResponse["days"] = [];
      const dayCount = Math.round((to.getTime() - from.getTime()) / DAY_MS);
      if (dayCount <= MAX_SERIES_DAYS) {
        for (let i = 0; i < dayCount; i++) {
          const date = clock.isoDate(from.getTime() + i * DAY_MS);
          days.push({ date, ...(byDay.get(date) ?? { services: 0, canceled: 0 }) });
        }
      } else {
        for (const [date, counts] of byDay) days.push({ date, ...counts });
      }
      return {
        amountEmployees: summary.employees,
        amountEmployeesServed: summary.served,
        amountEmployeeService: dayRows.reduce((sum, row) => sum + row.services, 0),
        amountEmployeeCanceledService: dayRows.reduce((sum, row) => sum + row.canceled, 0),
        days,
      };
    },
  };
}
