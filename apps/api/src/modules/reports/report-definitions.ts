import type {
  BranchOfficeReportItem,
  DriverReportItem,
  EmployeeReportItem,
  RouteNotScheduledReportItem,
  RouteReportItem,
} from "@treiber/contract";
import { type SQL, sql } from "drizzle-orm";
import { DAY_MS } from "../../lib/caller-clock.js";
import { employeeNoShows, type ServiceDates, serviceDatesOf } from "./employee-no-shows.js";
import type { ReportDefinition } from "./report-runner.js";
import {
  cents,
  criterionFilter,
  date,
  groupFilters,
  isoDay,
  narrowedByTrip,
  nullableText,
  num,
  type RawRow,
  type TripScope,
  text,
  tripsSelect,
  tripTotalsSelect,
  wholeUtcMonths,
} from "./trip-scope.js";

/** `dates`: the period's service dates (bookings are by service date, issue 35); else the scope's UTC days. */
export type ReportInput = { scope: TripScope; criterion?: string; dates?: ServiceDates };

/**
 * "Costo por colaborador": what the collaborators were charged per boarding on average, i.e. the
 * cost of the trips somebody boarded ÷ the boardings (decision 0021). A trip nobody boarded is
 * charged to nobody, so it is in the cost but not here; null without boardings.
 */
const perCollaborator = (chargedCents: number, boardings: number) =>
  boardings > 0 ? Math.round(chargedCents / boardings) / 100 : null;

const NAME_ORDER = { direction: "asc" as const };

/**
 * Each collaborator's services of the scope's trips: boarded trips, canceled services and the sum
 * of their shares in cents. The shares (the trip's cost split evenly among its riders, the
 * remaining cents going one each to the first riders by employee id, so they add up to the cost)
 * are kept per service with the trip's end time in `service_shares`, and summed per collaborator
 * and UTC day in `employee_day_totals`, both by triggers. Each service carries the collaborator's
 * branch office when it was recorded (0: none), so the rows are per collaborator and branch office
 * of the time of the trip (migration 0009). Without trip filters the whole UTC months of the range
 * come from `employee_month_totals` (migration 0013), the whole UTC days of the partial months from
 * the day totals and only the partial days at the edges from the shares; trip filters narrow the
 * shares to the scope's trips.
 */
const perEmployee = (scope: TripScope): SQL => {
  const narrowed =
    scope.supplierName || scope.routeName || scope.destinationId || scope.driverId || narrowedByTrip(scope);
  const shares = (from: Date, to: Date, trips?: SQL) => sql`
    select s.employee_id, coalesce(s.branch_office_id, 0) as branch_office_id, s.boarded::int as trips, (not s.boarded)::int as canceled, s.share_cents as cost_cents
    from service_shares s
    where s.ended_at >= ${from} and s.ended_at < ${to} ${trips ?? sql``}`;
  const days = (from: Date, to: Date) => {
    const firstDay = new Date(Math.ceil(from.getTime() / DAY_MS) * DAY_MS);
    const endDay = new Date(Math.floor(to.getTime() / DAY_MS) * DAY_MS);
    if (firstDay >= endDay) return shares(from, to);
    return sql`
    select d.employee_id, d.branch_office_id, d.trips, d.canceled, d.cost_cents
    from employee_day_totals d
    where d.day >= ${isoDay(firstDay)}::date and d.day < ${isoDay(endDay)}::date
    union all ${shares(from, firstDay)}
    union all ${shares(endDay, to)}`;
  };
  const months = wholeUtcMonths(scope.from, scope.to);
  const services = narrowed
    ? shares(
        scope.from,
        scope.to,
        sql`and s.intermediate_route_id in (select trips.id from (${tripsSelect(scope)}) trips)`,
      )
    : months
      ? sql`
    select m.employee_id, m.branch_office_id, m.trips, m.canceled, m.cost_cents
    from employee_month_totals m
    where m.month >= ${isoDay(months.from)}::date and m.month < ${isoDay(months.to)}::date
    union all ${days(scope.from, months.from)}
    union all ${days(months.to, scope.to)}`
      : days(scope.from, scope.to);
  return sql`
  per_employee as (
    select u.employee_id, u.branch_office_id, sum(u.trips)::int as trips, sum(u.canceled)::int as canceled,
      coalesce(sum(u.cost_cents), 0)::bigint as cost_cents
    from (${services}) u
    group by u.employee_id, u.branch_office_id
  )`;
};

// ---------- Route/report: one row per route and supplier ----------

/**
 * A route's name as its latest trip of the period started under it (trips keep the name they
 * started with, migration 0009): renaming a route later does not change a past period's report.
 * The sums come from the trips' totals (whole months from `trip_month_totals`, decision 0035); the
 * latest trip (last `ended_at` to the microsecond, then highest id) of each route and supplier
 * that the filters and the search text keep is one probe of `intermediate_routes_route_supplier_ended_idx`.
 */
export const routeReport: ReportDefinition<ReportInput, RouteReportItem> = {
  rows: ({ scope, criterion }) => {
    const routeScope = { ...scope, kind: "scheduled" as const };
    const matches = (t: SQL) =>
      criterionFilter(criterion, [sql`r.name`, sql`coalesce(${t}.route_name, '')`, sql`sp.name`]);
    return sql`
    with groups as (
      select t.route_id, t.supplier_id, sum(t.trips)::int as trips, sum(t.riders)::int as collaborators,
        sum(t.cost_cents)::bigint as cost_cents, sum(t.charged_cents)::bigint as charged_cents
      from (${tripTotalsSelect(routeScope)}) t
        join routes r on r.id = t.route_id
        join suppliers sp on sp.id = t.supplier_id
      where true ${matches(sql`t`)}
      group by t.route_id, t.supplier_id
    )
    select r.id as route_id, coalesce(last.route_name, r.name) as route_name, dst.name as destination_name,
      sp.id as supplier_id, sp.name as supplier_name, g.trips, g.collaborators, g.cost_cents,
      g.charged_cents, lower(coalesce(last.route_name, r.name)) as sort_name
    from groups g
      join routes r on r.id = g.route_id
      join destinations dst on dst.id = r.destination_id
      join suppliers sp on sp.id = g.supplier_id
      left join lateral (
        select t.route_name from intermediate_routes t
        where t.status = 'Finished' and t.route_id = g.route_id and t.supplier_id = g.supplier_id
          and t.ended_at >= ${scope.from} and t.ended_at < ${scope.to} ${groupFilters(routeScope)} ${matches(sql`t`)}
        order by t.ended_at desc, t.id desc limit 1
      ) last on true`;
  },
  order: {
    ...NAME_ORDER,
    keys: [
      { column: "sort_name", cast: "text" },
      { column: "route_id", cast: "int" },
      { column: "supplier_id", cast: "int" },
    ],
  },
  toItem: (row: RawRow): RouteReportItem => ({
    routeId: num(row.route_id),
    routeName: text(row.route_name),
    destinationName: text(row.destination_name),
    supplierId: num(row.supplier_id),
    supplierName: text(row.supplier_name),
    trips: num(row.trips),
    collaborators: num(row.collaborators),
    cost: cents(row.cost_cents),
    costPerCollaborator: perCollaborator(num(row.charged_cents), num(row.collaborators)),
  }),
  excel: {
    sheetName: "Rutas",
    title: "Reporte de rutas",
    columns: [
      { header: "Ruta", type: "text", value: (item) => item.routeName },
      { header: "Destino", type: "text", value: (item) => item.destinationName },
      { header: "Suplidor", type: "text", value: (item) => item.supplierName },
      { header: "Viajes", type: "integer", value: (item) => item.trips, total: true },
      { header: "Colaboradores", type: "integer", value: (item) => item.collaborators, total: true },
      { header: "Costo total", type: "money", value: (item) => item.cost, total: true },
      { header: "Costo por colaborador", type: "money", value: (item) => item.costPerCollaborator },
    ],
  },
};

// ---------- Driver/report and Driver/report/routeNotScheduled: one row per driver ----------

const driverReport = (
  kind: "scheduled" | "notScheduled",
  title: string,
): ReportDefinition<ReportInput, DriverReportItem> => ({
  rows: ({ scope, criterion }) => sql`
    with trips as (${tripTotalsSelect({ ...scope, kind })})
    select d.id as driver_id, d.name, d.lastname, d.identity_card, sp.id as supplier_id,
      sp.name as supplier_name, sum(t.trips)::int as trips, sum(t.riders)::int as collaborators,
      sum(t.cost_cents)::bigint as cost_cents, lower(d.name || ' ' || d.lastname) as sort_name
    from trips t
      join drivers d on d.id = t.driver_id
      join suppliers sp on sp.id = t.supplier_id
    where true ${criterionFilter(criterion?.replaceAll("-", ""), [
      sql`d.name || ' ' || d.lastname || ' ' || replace(d.identity_card, '-', '')`,
    ])}
    group by d.id, sp.id`,
  order: {
    ...NAME_ORDER,
    keys: [
      { column: "sort_name", cast: "text" },
      { column: "driver_id", cast: "int" },
      { column: "supplier_id", cast: "int" },
    ],
  },
  toItem: (row: RawRow): DriverReportItem => ({
    driverId: num(row.driver_id),
    driverName: `${text(row.name)} ${text(row.lastname)}`,
    name: text(row.name),
    lastname: text(row.lastname),
    identityCard: text(row.identity_card),
    supplierName: text(row.supplier_name),
    trips: num(row.trips),
    collaborators: num(row.collaborators),
    cost: cents(row.cost_cents),
  }),
  excel: {
    sheetName: "Choferes",
    title,
    columns: [
      { header: "Chofer", type: "text", value: (item) => item.driverName },
      { header: "Cédula", type: "text", value: (item) => item.identityCard },
      { header: "Suplidor", type: "text", value: (item) => item.supplierName },
      { header: "Viajes", type: "integer", value: (item) => item.trips, total: true },
      { header: "Colaboradores", type: "integer", value: (item) => item.collaborators, total: true },
      { header: "Costo total", type: "money", value: (item) => item.cost, total: true },
    ],
  },
});

export const driverRouteReport = driverReport("scheduled", "Reporte de rutas por chofer");
export const driverRouteNotScheduledReport = driverReport(
  "notScheduled",
  "Reporte de rutas no programadas por chofer",
);

// ---------- Employee/report: one row per collaborator (and branch office at the time of the trips) ----------

export const employeeReport: ReportDefinition<ReportInput, EmployeeReportItem> = {
  // Collaborators with no-shows in the period and no service get a row too (their current branch office).
  rows: ({ scope, criterion, dates }) => sql`
    with ${perEmployee({ ...scope, kind: "all" })},
    no_shows as (${employeeNoShows(scope, dates ?? serviceDatesOf(scope))}),
    listed as (
      select p.employee_id, p.branch_office_id, p.trips, p.canceled, p.cost_cents from per_employee p
      union all
      select n.employee_id, coalesce(e.branch_office_id, 0), 0, 0, 0::bigint
      from no_shows n join employees e on e.id = n.employee_id
      where n.no_shows > 0 and not exists (select 1 from per_employee p where p.employee_id = n.employee_id)
    )
    select e.id as employee_id, e.code_employee, e.name, e.lastname, e.department,
      p.branch_office_id, b.name as branch_office_name, p.trips, p.canceled, p.cost_cents,
      (p.trips > 0 and row_number() over (
        partition by p.employee_id order by p.trips > 0 desc, p.branch_office_id) = 1)::int as collaborators,
      case when row_number() over (partition by p.employee_id order by p.trips > 0 desc, p.branch_office_id) = 1
        then coalesce(n.no_shows, 0) else 0 end as no_shows,
      coalesce(n.flagged, false) as flagged,
      lower(e.name || ' ' || e.lastname) as sort_name
    from listed p
      join employees e on e.id = p.employee_id
      left join branch_offices b on b.id = p.branch_office_id
      left join no_shows n on n.employee_id = p.employee_id
    where true ${criterionFilter(criterion, [sql`e.name || ' ' || e.lastname || ' ' || e.code_employee`])}`,
  order: {
    ...NAME_ORDER,
    keys: [
      { column: "sort_name", cast: "text" },
      { column: "employee_id", cast: "int" },
      { column: "branch_office_id", cast: "int" },
    ],
  },
  toItem: (row: RawRow): EmployeeReportItem => ({
    employeeId: num(row.employee_id),
    codeEmployee: text(row.code_employee),
    name: text(row.name),
    lastname: text(row.lastname),
    department: nullableText(row.department),
    branchOfficeName: nullableText(row.branch_office_name),
    trips: num(row.trips),
    canceledServices: num(row.canceled),
    cost: cents(row.cost_cents),
    noShows: num(row.no_shows),
    flagged: row.flagged === true,
  }),
  excel: {
    sheetName: "Colaboradores",
    title: "Reporte de colaboradores",
    columns: [
      { header: "Código", type: "text", value: (item) => item.codeEmployee },
      { header: "Nombre", type: "text", value: (item) => item.name },
      { header: "Apellido", type: "text", value: (item) => item.lastname },
      { header: "Departamento", type: "text", value: (item) => item.department },
      { header: "Sucursal", type: "text", value: (item) => item.branchOfficeName },
      { header: "Viajes", type: "integer", value: (item) => item.trips, total: true },
      { header: "Cancelaciones", type: "integer", value: (item) => item.canceledServices, total: true },
      { header: "Ausencias", type: "integer", value: (item) => item.noShows, total: true },
      { header: "Costo", type: "money", value: (item) => item.cost, total: true },
      {
        header: "Marcado (3 ausencias en 30 días)",
        type: "text",
        value: (item) => (item.flagged ? "Sí" : "No"),
      },
    ],
  },
};

// ---------- BranchOffice/report: one row per branch office ----------

export const NO_BRANCH_OFFICE = "Sin sucursal";

export const branchOfficeReport: ReportDefinition<ReportInput, BranchOfficeReportItem> = {
  rows: ({ scope, criterion }) => sql`
    with ${perEmployee({ ...scope, kind: "all" })}
    select coalesce(b.id, 0) as branch_office_id, coalesce(b.name, ${NO_BRANCH_OFFICE}) as name,
      count(*) filter (where p.trips > 0)::int as collaborators, sum(p.trips)::int as trips,
      sum(p.cost_cents)::bigint as cost_cents, lower(coalesce(b.name, ${NO_BRANCH_OFFICE})) as sort_name
    from per_employee p
      left join branch_offices b on b.id = p.branch_office_id
    where true ${criterionFilter(criterion, [sql`coalesce(b.name, ${NO_BRANCH_OFFICE})`])}
    group by b.id, b.name`,
  order: {
    ...NAME_ORDER,
    keys: [
      { column: "sort_name", cast: "text" },
      { column: "branch_office_id", cast: "int" },
    ],
  },
  toItem: (row: RawRow): BranchOfficeReportItem => ({
    branchOfficeId: num(row.branch_office_id),
    name: text(row.name),
    collaborators: num(row.collaborators),
    trips: num(row.trips),
    cost: cents(row.cost_cents),
  }),
  excel: {
    sheetName: "Sucursales",
    title: "Reporte por sucursal",
    columns: [
      { header: "Sucursal", type: "text", value: (item) => item.name },
      { header: "Colaboradores", type: "integer", value: (item) => item.collaborators, total: true },
      { header: "Viajes", type: "integer", value: (item) => item.trips, total: true },
      { header: "Costo", type: "money", value: (item) => item.cost, total: true },
    ],
  },
};

// ---------- RouteNotScheduled/report: one row per trip ----------

export const routeNotScheduledReport: ReportDefinition<ReportInput, RouteNotScheduledReportItem> = {
  rows: ({ scope, criterion }) => sql`
    with trips as (${tripsSelect({ ...scope, kind: "notScheduled", tripCriterion: criterion })})
    select t.id as intermediate_route_id, rn.id as route_not_scheduled_id, coalesce(t.route_name, rn.name) as name, t.started_at,
      t.started_at::text as sort_at, t.ended_at, dst.name as destination_name, d.id as driver_id,
      d.name || ' ' || d.lastname as driver_name, sp.name as supplier_name, 1 as trips,
      t.riders as collaborators, t.cost_cents
    from trips t
      join routes_not_scheduled rn on rn.id = t.route_not_scheduled_id
      left join destinations dst on dst.id = rn.destination_id
      join drivers d on d.id = t.driver_id
      join suppliers sp on sp.id = t.supplier_id`,
  tripKeyset: true,
  order: {
    direction: "desc",
    keys: [
      { column: "started_at", cursor: "sort_at", cast: "timestamptz" },
      { column: "intermediate_route_id", cast: "int" },
    ],
  },
  toItem: (row: RawRow): RouteNotScheduledReportItem => ({
    intermediateRouteId: num(row.intermediate_route_id),
    routeNotScheduledId: num(row.route_not_scheduled_id),
    name: text(row.name),
    startedAt: date(row.started_at).toISOString(),
    endedAt: date(row.ended_at).toISOString(),
    destinationName: nullableText(row.destination_name),
    driverId: num(row.driver_id),
    driverName: text(row.driver_name),
    supplierName: text(row.supplier_name),
    collaborators: num(row.collaborators),
    cost: cents(row.cost_cents),
    costPerCollaborator: perCollaborator(num(row.cost_cents), num(row.collaborators)),
  }),
  excel: {
    sheetName: "Rutas no programadas",
    title: "Reporte de rutas no programadas",
    columns: [
      { header: "Fecha", type: "datetime", value: (item) => new Date(item.startedAt) },
      { header: "Ruta no programada", type: "text", value: (item) => item.name },
      { header: "Destino", type: "text", value: (item) => item.destinationName },
      { header: "Chofer", type: "text", value: (item) => item.driverName },
      { header: "Suplidor", type: "text", value: (item) => item.supplierName },
      { header: "Colaboradores", type: "integer", value: (item) => item.collaborators, total: true },
      { header: "Costo", type: "money", value: (item) => item.cost, total: true },
      { header: "Costo por colaborador", type: "money", value: (item) => item.costPerCollaborator },
    ],
  },
};
