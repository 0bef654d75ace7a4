import { type CutGeneralItem, type CutHeadboardItem, INCIDENT_TYPE_LABELS } from "@treiber/contract";
import { type SQL, sql } from "drizzle-orm";
import { cutTripIncidentsSql, incidentTypesOf } from "../incident-report/trip-incidents-repository.js";
import type { ReportDefinition } from "../reports/report-runner.js";
import { cents, criterionFilter, date, num, type RawRow, text } from "../reports/trip-scope.js";

/**
 * What a cut report shows: the frozen rows of one cut (`cutId`), or of every cut whose trips
 * ended in `[from, to)`; narrowed by the supplier's name as frozen and a search text, and to one
 * supplier's rows for a supplier user.
 */
export type CutReportInput = {
  cutId?: number;
  range?: { from: Date; to: Date };
  supplierName?: string;
  criterion?: string;
  /** A supplier user's own trips only (issue 37), by the supplier frozen on each row. */
  supplierId?: number;
};

/** The `where` of a cut report over `cut_trips ct`: only frozen rows, never live master data. */
function cutTripsWhere(input: CutReportInput, searchable: SQL[]): SQL {
  const filters: SQL[] = [sql`true`];
  if (input.cutId !== undefined) filters.push(sql`ct.cut_id = ${input.cutId}`);
  if (input.range) filters.push(sql`ct.ended_at >= ${input.range.from} and ct.ended_at < ${input.range.to}`);
  if (input.supplierId !== undefined) filters.push(sql`ct.supplier_id = ${input.supplierId}`);
  if (input.supplierName) filters.push(sql`lower(ct.supplier_name) = lower(${input.supplierName})`);
  return sql`${sql.join(filters, sql` and `)} ${criterionFilter(input.criterion, searchable)}`;
}

/** Cut/General: one row per supplier (as frozen) of the cut's trips: trips, collaborators, total. */
export const cutGeneral: ReportDefinition<CutReportInput, CutGeneralItem> = {
  rows: (input) => sql`
    select ct.supplier_id, ct.supplier_name, count(*)::int as trips,
      sum(ct.riders)::int as collaborators, sum(ct.cost_cents)::bigint as cost_cents,
      lower(ct.supplier_name) as sort_name
    from cut_trips ct
    where ${cutTripsWhere(input, [sql`ct.supplier_name`])}
    group by ct.supplier_id, ct.supplier_name`,
  order: {
    direction: "asc",
    keys: [
      { column: "sort_name", cast: "text" },
      { column: "supplier_id", cast: "int" },
      { column: "supplier_name", cast: "text" },
    ],
  },
  toItem: (row: RawRow): CutGeneralItem => ({
    supplierId: num(row.supplier_id),
    supplierName: text(row.supplier_name),
    trips: num(row.trips),
    collaborators: num(row.collaborators),
    total: cents(row.cost_cents),
  }),
  excel: {
    sheetName: "Corte general",
    title: "Reporte de corte general",
    columns: [
      { header: "Suplidor", type: "text", value: (item) => item.supplierName },
      { header: "Viajes", type: "integer", value: (item) => item.trips, total: true },
      { header: "Colaboradores", type: "integer", value: (item) => item.collaborators, total: true },
      { header: "Total", type: "money", value: (item) => item.total, total: true },
    ],
  },
};

const KIND_LABEL: Record<CutHeadboardItem["kind"], string> = {
  scheduled: "Programada",
  notScheduled: "No programada",
};

const isoOrNull = (value: unknown) =>
  value === null || value === undefined ? null : date(value).toISOString();

/**
 * Cut/Headboard: one row per cut trip as frozen (end, route, driver, supplier, collaborators,
 * cost, km, minutes late, manual boardings), newest end first.
 */
export const cutHeadboard: ReportDefinition<CutReportInput, CutHeadboardItem> = {
  rows: (input) => sql`
    select ct.intermediate_route_id, ct.cut_id, ct.started_at, ct.ended_at, ct.ended_at::text as sort_at,
      ct.planned_departure_at, ct.minutes_late, ct.km, ct.manual_boardings, ct.vehicle,
      ct.destination_name, ct.route_name, ct.kind, ct.driver_name, ct.supplier_name, 1 as trips,
      ct.riders as collaborators, ct.cost_cents, inc.incidents, inc.incident_types
    from cut_trips ct ${cutTripIncidentsSql}
    where ${cutTripsWhere(input, [sql`ct.route_name`, sql`ct.driver_name`, sql`ct.supplier_name`])}`,
  pagedApart: true,
  order: {
    direction: "desc",
    keys: [
      { column: "ended_at", cursor: "sort_at", cast: "timestamptz" },
      { column: "intermediate_route_id", cast: "int" },
    ],
  },
  toItem: (row: RawRow): CutHeadboardItem => ({
    intermediateRouteId: num(row.intermediate_route_id),
    cutId: num(row.cut_id),
    startedAt: date(row.started_at).toISOString(),
    endedAt: date(row.ended_at).toISOString(),
    plannedDepartureAt: isoOrNull(row.planned_departure_at),
    minutesLate: row.minutes_late === null || row.minutes_late === undefined ? null : num(row.minutes_late),
    km: Math.round(num(row.km) * 100) / 100,
    manualBoardings: num(row.manual_boardings),
    vehicle: row.vehicle === null || row.vehicle === undefined ? null : text(row.vehicle),
    destinationName:
      row.destination_name === null || row.destination_name === undefined ? null : text(row.destination_name),
    routeName: text(row.route_name),
    kind: row.kind === "notScheduled" ? "notScheduled" : "scheduled",
    driverName: text(row.driver_name),
    supplierName: text(row.supplier_name),
    collaborators: num(row.collaborators),
    cost: cents(row.cost_cents),
    incidents: num(row.incidents),
    incidentTypes: incidentTypesOf(row.incident_types),
  }),
  excel: {
    sheetName: "Detalle del corte",
    title: "Reporte de detalle del corte",
    columns: [
      { header: "Fecha", type: "datetime", value: (item) => new Date(item.endedAt) },
      { header: "Ruta", type: "text", value: (item) => item.routeName },
      { header: "Tipo", type: "text", value: (item) => KIND_LABEL[item.kind] },
      { header: "Chofer", type: "text", value: (item) => item.driverName },
      { header: "Suplidor", type: "text", value: (item) => item.supplierName },
      { header: "Colaboradores", type: "integer", value: (item) => item.collaborators, total: true },
      { header: "Costo", type: "money", value: (item) => item.cost, total: true },
      { header: "Km", type: "decimal", value: (item) => item.km, total: true },
      { header: "Minutos de retraso", type: "integer", value: (item) => item.minutesLate },
      {
        header: "Abordajes manuales",
        type: "integer",
        value: (item) => item.manualBoardings,
        total: true,
      },
      { header: "Incidencias", type: "integer", value: (item) => item.incidents, total: true },
      {
        header: "Tipos de incidencia",
        type: "text",
        value: (item) => item.incidentTypes.map((type) => INCIDENT_TYPE_LABELS[type]).join(", "),
      },
      { header: "Viaje", type: "id", value: (item) => item.intermediateRouteId },
      { header: "Corte", type: "id", value: (item) => item.cutId },
    ],
  },
};
