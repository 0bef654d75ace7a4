/** [path, file name, title, money column] of every Excel export (spec §7 paths, §9 file names). */
export const EXCEL_EXPORTS: [path: string, fileName: string, title: string, moneyColumn: string][] = [
  ["Route/report/excel", "ReporteRutas.xlsx", "Reporte de rutas", "Costo total"],
  ["driver/report/excel", "ReporteRutaChofer.xlsx", "Reporte de rutas por chofer", "Costo total"],
  [
    "Driver/report/routeNotScheduled/excel",
    "ReporteRutaNoProgramadaChofer.xlsx",
    "Reporte de rutas no programadas por chofer",
    "Costo total",
  ],
  ["employee/report/excel", "ReporteColaboradores.xlsx", "Reporte de colaboradores", "Costo"],
  ["branchOffice/report/excel", "ReporteSucursal.xlsx", "Reporte por sucursal", "Costo"],
  [
    "RouteNotScheduled/report/excel",
    "ReporteRutaNoProgramada.xlsx",
    "Reporte de rutas no programadas",
    "Costo",
  ],
  ["Cut/General/excel", "ReporteCorteGeneral.xlsx", "Reporte de corte general", "Total"],
  ["Cut/Headboard/excel", "ReporteDetalleCorte.xlsx", "Reporte de detalle del corte", "Costo"],
];

/** The JSON call behind an Excel export (same query, one page of items). */
export const jsonPathOf = (excelPath: string) =>
  excelPath
    .replace(/\/excel$/, "")
    .replace(/^driver\//, "Driver/")
    .replace(/^employee\//, "Employee/")
    .replace(/^branchOffice\//, "BranchOffice/");
