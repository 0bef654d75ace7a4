import type { CutGeneralItem, CutHeadboardItem } from "@treiber/contract";
import { sql } from "drizzle-orm";
import type { ReportInput } from "../reports/report-definitions.js";
import type { ReportDefinition } from "../reports/report-runner.js";
import { cents, criterionFilter, date, num, type RawRow, text, tripsSelect } from "../reports/trip-scope.js";

/** Cut/General: one row per supplier of the trips already cut (trips, collaborators, total). */
export const cutGeneral: ReportDefinition<ReportInput, CutGeneralItem> = {
  rows: ({ scope, criterion }) => sql`
    with trips as (${tripsSelect({ ...scope, cut: scope.cut ?? {} })})
    select sp.id as supplier_id, sp.name as supplier_name, count(*)::int as trips,
      sum(t.riders)::int as collaborators, sum(t.cost_cents)::bigint as cost_cents, lower(sp.name) as sort_name
    from trips t join suppliers sp on sp.id = t.supplier_id
    where true ${criterionFilter(criterion, [sql`sp.name`])}
    group by sp.id`,
  order: {
    direction: "asc",
    keys: [
      { column: "sort_name", cast: "text" },
      { column: "supplier_id", cast: "int" },
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

/** Cut/Headboard: one row per cut trip (date, route, driver, supplier, collaborators, cost). */
export const cutHeadboard: ReportDefinition<ReportInput, CutHeadboardItem> = {
  rows: ({ scope, criterion }) => sql`
    with trips as (${tripsSelect({ ...scope, cut: scope.cut ?? {}, tripCriterion: criterion })})
    select t.id as intermediate_route_id, t.cut_id, t.started_at, t.started_at::text as sort_at,
      coalesce(r.name, rn.name) as route_name,
      case when t.route_id is null then 'notScheduled' else 'scheduled' end as kind,
      d.name || ' ' || d.lastname as driver_name, sp.name as supplier_name, 1 as trips,
      t.riders as collaborators, t.cost_cents
    from trips t
      left join routes r on r.id = t.route_id
      left join routes_not_scheduled rn on rn.id = t.route_not_scheduled_id
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
  toItem: (row: RawRow): CutHeadboardItem => ({
    intermediateRouteId: num(row.intermediate_route_id),
    cutId: num(row.cut_id),
    startedAt: date(row.started_at).toISOString(),
    routeName: text(row.route_name),
    kind: row.kind === "notScheduled" ? "notScheduled" : "scheduled",
    driverName: text(row.driver_name),
    supplierName: text(row.supplier_name),
    collaborators: num(row.collaborators),
    cost: cents(row.cost_cents),
  }),
  excel: {
    sheetName: "Detalle del corte",
    title: "Reporte de detalle del corte",
    columns: [
      { header: "Fecha", type: "datetime", value: (item) => new Date(item.startedAt) },
      { header: "Ruta", type: "text", value: (item) => item.routeName },
      { header: "Tipo", type: "text", value: (item) => KIND_LABEL[item.kind] },
      { header: "Chofer", type: "text", value: (item) => item.driverName },
      { header: "Suplidor", type: "text", value: (item) => item.supplierName },
      { header: "Colaboradores", type: "integer", value: (item) => item.collaborators, total: true },
      { header: "Costo", type: "money", value: (item) => item.cost, total: true },
      { header: "Viaje", type: "id", value: (item) => item.intermediateRouteId },
      { header: "Corte", type: "id", value: (item) => item.cutId },
    ],
  },
};
