import {
  INCIDENT_SEVERITY,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_STATUS_LABELS,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  type IncidentReportItem,
  type IncidentReportResponse,
  type IncidentTypeCounts,
  SAFETY_OUTCOME_LABELS,
} from "@treiber/contract";
import type { AnyWorkbookSheet, ExcelColumn, WorkbookSheet } from "../../lib/excel/stream-sheet.js";
import { onTimePercent } from "./incident-report-service.js";

type Figures = IncidentReportResponse["totals"];

/** Trips, on-time performance, incidents and one column per type: every grouping's figures. */
function figureColumns<Row extends Figures>(): ExcelColumn<Row>[] {
  return [
    { header: "Viajes", type: "integer", value: (row) => row.trips, total: true },
    {
      header: "Viajes con llegada planificada",
      type: "integer",
      value: (row) => row.tripsWithArrival,
      total: true,
    },
    { header: "Viajes a tiempo", type: "integer", value: (row) => row.onTimeTrips, total: true },
    {
      header: "Puntualidad (%)",
      type: "decimal",
      value: (row) => row.onTimePercent,
      // The totals' own percentage (empty, like each row's, without trips with a planned arrival).
      totalValue: (sumOf) => onTimePercent(sumOf("Viajes a tiempo"), sumOf("Viajes con llegada planificada")),
    },
    { header: "Incidencias", type: "integer", value: (row) => row.incidents, total: true },
    ...INCIDENT_TYPES.map(
      (type): ExcelColumn<Row> => ({
        header: INCIDENT_TYPE_LABELS[type],
        type: "integer",
        value: (row) => (row.byType as IncidentTypeCounts)[type],
        total: true,
      }),
    ),
  ];
}

const at = (iso: string | null) => (iso === null ? null : new Date(iso));

/** The sheet «Incidencias»: every incident of the report, oldest first (issue 33). */
function incidentListSheet(incidents: IncidentReportItem[]): WorkbookSheet<IncidentReportItem> {
  return {
    sheetName: "Incidencias",
    title: "Incidencias del período",
    totalLabel: `${incidents.length} ${incidents.length === 1 ? "incidencia" : "incidencias"}`,
    rows: incidents,
    columns: [
      { header: "Apertura", type: "datetime", value: (row) => at(row.openedAt) },
      { header: "Tipo", type: "text", value: (row) => INCIDENT_TYPE_LABELS[row.type] },
      {
        header: "Severidad",
        type: "text",
        value: (row) => INCIDENT_SEVERITY_LABELS[INCIDENT_SEVERITY[row.type]],
      },
      { header: "Ruta", type: "text", value: (row) => row.routeName },
      { header: "Parada", type: "text", value: (row) => row.stopName },
      { header: "Chofer", type: "text", value: (row) => row.driverName },
      { header: "Suplidor", type: "text", value: (row) => row.supplierName },
      { header: "Estado", type: "text", value: (row) => INCIDENT_STATUS_LABELS[row.status] },
      { header: "Cierre", type: "datetime", value: (row) => at(row.closedAt) },
      {
        header: "Minutos abierta",
        type: "decimal",
        value: (row) => row.minutesOpen,
      },
      { header: "Atendida por", type: "text", value: (row) => row.acknowledgedBy },
      { header: "Atendida el", type: "datetime", value: (row) => at(row.acknowledgedAt) },
      { header: "Nota", type: "text", value: (row) => row.note },
      { header: "Viaje", type: "id", value: (row) => row.intermediateRouteId },
      // Safety incidents (issue 38): who raised it, the outcome of the manual close and who closed it.
      { header: "Persona", type: "text", value: (row) => row.personName ?? null },
      {
        header: "Resultado",
        type: "text",
        value: (row) => (row.outcome ? SAFETY_OUTCOME_LABELS[row.outcome] : null),
      },
      { header: "Cerrada por", type: "text", value: (row) => row.closedBy ?? null },
    ],
  };
}

/**
 * The report's sheets: on-time performance by supplier first, then drivers, routes and types, and
 * the incidents one by one («Incidencias»).
 */
export function incidentReportSheets(
  report: IncidentReportResponse,
  incidents: IncidentReportItem[],
): AnyWorkbookSheet[] {
  const suppliers: WorkbookSheet<IncidentReportResponse["suppliers"][number]> = {
    sheetName: "Suplidores",
    title: "Puntualidad e incidencias por suplidor",
    rows: report.suppliers,
    columns: [{ header: "Suplidor", type: "text", value: (row) => row.supplierName }, ...figureColumns()],
  };
  const drivers: WorkbookSheet<IncidentReportResponse["drivers"][number]> = {
    sheetName: "Choferes",
    title: "Incidencias por chofer",
    rows: report.drivers,
    columns: [
      { header: "Chofer", type: "text", value: (row) => row.driverName },
      { header: "Suplidor", type: "text", value: (row) => row.supplierName },
      ...figureColumns(),
    ],
  };
  const routes: WorkbookSheet<IncidentReportResponse["routes"][number]> = {
    sheetName: "Rutas",
    title: "Incidencias por ruta",
    rows: report.routes,
    columns: [{ header: "Ruta", type: "text", value: (row) => row.routeName }, ...figureColumns()],
  };
  const types: WorkbookSheet<IncidentReportResponse["types"][number]> = {
    sheetName: "Tipos",
    title: "Incidencias por tipo",
    rows: report.types,
    columns: [
      { header: "Tipo", type: "text", value: (row) => INCIDENT_TYPE_LABELS[row.type] },
      {
        header: "Severidad",
        type: "text",
        value: (row) => INCIDENT_SEVERITY_LABELS[INCIDENT_SEVERITY[row.type]],
      },
      { header: "Incidencias", type: "integer", value: (row) => row.incidents, total: true },
      { header: "Viajes afectados", type: "integer", value: (row) => row.trips, total: true },
      { header: "Sin cerrar", type: "integer", value: (row) => row.unclosed, total: true },
      { header: "Minutos abierta (promedio)", type: "decimal", value: (row) => row.averageMinutes },
    ],
  };
  return [suppliers, drivers, routes, types, incidentListSheet(incidents)];
}
