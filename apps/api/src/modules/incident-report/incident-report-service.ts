import {
  INCIDENT_TYPES,
  type IncidentReportItem,
  type IncidentReportListQuery,
  type IncidentReportListResponse,
  type IncidentReportQuery,
  type IncidentReportResponse,
  type IncidentStatus,
  type IncidentType,
  type IncidentTypeCounts,
} from "@treiber/contract";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { reportRange } from "../reports/report-range.js";
import { date, type RawRow } from "../reports/trip-scope.js";
import {
  countReportIncidents,
  type IncidentReportScope,
  incidentFigures,
  reportIncidentRows,
  reportNames,
  tripFigures,
} from "./incident-report-repository.js";

type Figures = IncidentReportResponse["totals"];

const noTypes = (): IncidentTypeCounts =>
  Object.fromEntries(INCIDENT_TYPES.map((type) => [type, 0])) as IncidentTypeCounts;

const emptyFigures = (): Figures => ({
  trips: 0,
  tripsWithArrival: 0,
  onTimeTrips: 0,
  onTimePercent: null,
  incidents: 0,
  byType: noTypes(),
});

/** onTime ÷ withArrival as a percentage with one decimal; null without trips to judge. */
export const onTimePercent = (onTime: number, withArrival: number) =>
  withArrival > 0 ? Math.round((onTime / withArrival) * 1000) / 10 : null;

const LEVEL_KEY = { supplier: "supplier_id", driver: "driver_id", route: "route_id" } as const;
type Level = keyof typeof LEVEL_KEY;

/** Figures per id of each grouping, filled from the trip rows and the incident rows. */
function collect(trips: RawRow[], incidents: RawRow[]) {
  const groups: Record<Level, Map<number, Figures>> = {
    supplier: new Map(),
    driver: new Map(),
    route: new Map(),
  };
  const totals = emptyFigures();
  const figuresOf = (level: string, row: RawRow): Figures | undefined => {
    if (level === "total" || level === "type") return totals;
    const key = LEVEL_KEY[level as Level];
    if (!key) return undefined;
    const map = groups[level as Level];
    const id = Number(row[key] ?? 0);
    let figures = map.get(id);
    if (!figures) {
      figures = emptyFigures();
      map.set(id, figures);
    }
    return figures;
  };
  for (const row of trips) {
    const figures = figuresOf(String(row.level), row);
    if (!figures) continue;
    figures.trips = Number(row.trips);
    figures.tripsWithArrival = Number(row.trips_with_arrival);
    figures.onTimeTrips = Number(row.on_time_trips);
    figures.onTimePercent = onTimePercent(figures.onTimeTrips, figures.tripsWithArrival);
  }
  const types = new Map<IncidentType, RawRow>();
  for (const row of incidents) {
    const type = row.type as IncidentType;
    const figures = figuresOf(String(row.level), row);
    if (!figures || !INCIDENT_TYPES.includes(type)) continue;
    figures.incidents += Number(row.incidents);
    figures.byType[type] += Number(row.incidents);
    if (row.level === "type") types.set(type, row);
  }
  return { groups, totals, types };
}

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name, "es") || a.id - b.id;

/** The scope a report query reads: its local days as instants, and its filters. */
function scopeOf(query: IncidentReportQuery, clock: CallerClock) {
  const range = reportRange(query, clock);
  const scope: IncidentReportScope = {
    from: range.from,
    to: range.to,
    clock,
    branchOfficeId: query.branchOfficeId,
    supplierId: query.supplierId,
  };
  return { range, scope };
}

const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A stored incident as the report lists it; `now` ends the minutes of those still unclosed. */
function toReportItem(row: RawRow, now: number): IncidentReportItem {
  const openedAt = date(row.opened_at);
  const closedAt = row.closed_at === null || row.closed_at === undefined ? null : date(row.closed_at);
  const acknowledgedAt =
    row.acknowledged_at === null || row.acknowledged_at === undefined ? null : date(row.acknowledged_at);
  const end = closedAt?.getTime() ?? Math.max(now, openedAt.getTime());
  return {
    id: Number(row.id),
    type: row.type as IncidentType,
    status: row.status as IncidentStatus,
    intermediateRouteId:
      row.intermediate_route_id === null || row.intermediate_route_id === undefined
        ? null
        : Number(row.intermediate_route_id),
    routeName: String(row.route_name ?? ""),
    driverName: text(row.driver_name),
    supplierName: text(row.supplier_name),
    stopName: text(row.stop_name),
    openedAt: openedAt.toISOString(),
    closedAt: closedAt?.toISOString() ?? null,
    acknowledgedBy: text(row.acknowledged_by),
    acknowledgedAt: acknowledgedAt?.toISOString() ?? null,
    note: text(row.note),
    minutesOpen: Math.round((end - openedAt.getTime()) / 6_000) / 10,
    open: closedAt === null,
    personName: text(row.person_name),
    outcome: (text(row.outcome) as IncidentReportItem["outcome"]) ?? null,
    closedBy: text(row.closed_by),
  };
}

/**
 * The report's incidents one by one (issue 33), with the report's range and filters: a page of
 * them (oldest first) and how many there are.
 */
export async function incidentReportList(
  db: Db,
  query: IncidentReportListQuery,
  clock: CallerClock,
  now = Date.now(),
): Promise<IncidentReportListResponse> {
  const { scope } = scopeOf(query, clock);
  const [rows, amount] = await Promise.all([
    reportIncidentRows(db, scope, { limit: query.amount, offset: (query.skip - 1) * query.amount }),
    countReportIncidents(db, scope),
  ]);
  return { amount, list: rows.map((row) => toReportItem(row, now)) };
}

/** Every incident of the report (its Excel sheet «Incidencias»). */
export async function allReportIncidents(
  db: Db,
  query: IncidentReportQuery,
  clock: CallerClock,
  now = Date.now(),
): Promise<IncidentReportItem[]> {
  const { scope } = scopeOf(query, clock);
  return (await reportIncidentRows(db, scope)).map((row) => toReportItem(row, now));
}

/** The incidents report of a range (issue 25): by supplier, driver, route and type, and the totals. */
export async function incidentReport(
  db: Db,
  query: IncidentReportQuery,
  clock: CallerClock,
): Promise<IncidentReportResponse> {
  const { range, scope } = scopeOf(query, clock);
  const [tripRows, incidentRows] = await Promise.all([tripFigures(db, scope), incidentFigures(db, scope)]);
  const { groups, totals, types } = collect(tripRows, incidentRows);
  const names = await reportNames(db, {
    suppliers: [...groups.supplier.keys()].filter(Boolean),
    drivers: [...groups.driver.keys()].filter(Boolean),
    routes: [...groups.route.keys()].filter(Boolean),
  });

  const suppliers = [...groups.supplier].map(([id, figures]) => ({
    supplierId: id,
    supplierName: id ? (names.suppliers.get(id) ?? `#${id}`) : "Sin suplidor",
    ...figures,
  }));
  suppliers.sort(
    (a, b) =>
      (b.onTimePercent ?? -1) - (a.onTimePercent ?? -1) ||
      byName({ name: a.supplierName, id: a.supplierId }, { name: b.supplierName, id: b.supplierId }),
  );
  const drivers = [...groups.driver].map(([id, figures]) => {
    const driver = names.drivers.get(id);
    return {
      driverId: id,
      driverName: id ? (driver?.name ?? `#${id}`) : "Sin chofer",
      supplierName: driver?.supplierName ?? "",
      ...figures,
    };
  });
  drivers.sort(
    (a, b) =>
      b.incidents - a.incidents ||
      byName({ name: a.driverName, id: a.driverId }, { name: b.driverName, id: b.driverId }),
  );
  const routes = [...groups.route].map(([id, figures]) => ({
    routeId: id,
    routeName: id ? (names.routes.get(id) ?? `#${id}`) : "Rutas no programadas",
    ...figures,
  }));
  routes.sort(
    (a, b) =>
      b.incidents - a.incidents ||
      byName({ name: a.routeName, id: a.routeId }, { name: b.routeName, id: b.routeId }),
  );

  return {
    sinceDate: range.sinceDate,
    untilDate: range.untilDate,
    suppliers,
    drivers,
    routes,
    types: INCIDENT_TYPES.map((type) => {
      const row = types.get(type);
      const average = row?.average_minutes;
      return {
        type,
        incidents: Number(row?.incidents ?? 0),
        trips: Number(row?.trips ?? 0),
        unclosed: Number(row?.unclosed ?? 0),
        averageMinutes:
          average === null || average === undefined ? null : Math.round(Number(average) * 10) / 10,
      };
    }),
    totals,
  };
}
