import { NO_SHOW_FLAG_COUNT, NO_SHOW_FLAG_DAYS } from "@treiber/contract";
import { type SQL, sql } from "drizzle-orm";
import { DAY_MS } from "../../lib/caller-clock.js";
import { groupFilters, type TripScope } from "./trip-scope.js";

/** The report's service dates `YYYY-MM-DD` (its MM/DD/YYYY range read as calendar days). */
export type ServiceDates = { since: string; until: string };

/** `MM/DD/YYYY` → `YYYY-MM-DD`. */
export const serviceDateOf = (apiDate: string) =>
  `${apiDate.slice(6, 10)}-${apiDate.slice(0, 2)}-${apiDate.slice(3, 5)}`;

/** The UTC calendar days a scope's instants cover (a caller without its own days). */
export const serviceDatesOf = (scope: Pick<TripScope, "from" | "to">): ServiceDates => ({
  since: scope.from.toISOString().slice(0, 10),
  until: new Date(scope.to.getTime() - 1).toISOString().slice(0, 10),
});

const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * Each collaborator's no-shows (bookings `NO_SHOW`, issue 35) as a CTE body: `no_shows` on the
 * service dates of the period, narrowed by the report's trip filters as a trip of the booking's route
 * (the trip it was recorded on gives the supplier and driver; an admin's has none), and `flagged`
 * when the collaborator has NO_SHOW_FLAG_COUNT or more on any route in the NO_SHOW_FLAG_DAYS days up
 * to the period's end (as «Reporte Reservas» flags them).
 */
export function employeeNoShows(scope: TripScope, dates: ServiceDates): SQL {
  const flagSince = daysBefore(dates.until, NO_SHOW_FLAG_DAYS - 1);
  return sql`
    select t.employee_id,
      count(*) filter (where t.service_date >= ${dates.since}::date
        ${groupFilters({ ...scope, kind: "scheduled" })})::int as no_shows,
      (count(*) filter (where t.service_date >= ${flagSince}::date) >= ${NO_SHOW_FLAG_COUNT}) as flagged
    from (
      select b.employee_id, b.service_date, b.route_id, null::int as route_not_scheduled_id,
        ir.route_name, ir.supplier_id, ir.driver_id
      from bookings b left join intermediate_routes ir on ir.id = b.intermediate_route_id
      where b.status = 'NO_SHOW'
        and b.service_date between least(${flagSince}::date, ${dates.since}::date) and ${dates.until}::date
    ) t
    group by t.employee_id`;
}
