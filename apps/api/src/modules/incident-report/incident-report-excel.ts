import {
  INCIDENT_SEVERITY,
  INCIDENT_SEVERITY_LABELS,
  INCIDENT_TYPE_LABELS,
  INCIDENT_TYPES,
  type IncidentReportResponse,
  type IncidentTypeCounts,
} from "@treiber/contract";
import type { AnyWorkbookSheet, ExcelColumn, WorkbookSheet } from "../../lib/excel/stream-sheet.js";

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
    { header: "Puntualidad (%)", type: "decimal", value: (row) => row.onTimePercent },
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

/** The report's sheets: on-time performance by supplier first, then drivers, routes and types. */
export function incidentReportSheets(report: IncidentReportResponse): AnyWorkbookSheet[] {
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
  return [suppliers, drivers, routes, types];
}
