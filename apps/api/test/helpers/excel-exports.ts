import { API, type ApiEndpoint, clientPath } from "@treiber/contract/api-paths";

type ExcelExport = [path: string, fileName: string, title: string, moneyColumn: string];

/** Each Excel export's call, the JSON call behind it (same query), file name, title and money column. */
const EXPORTS: [
  excel: ApiEndpoint,
  json: ApiEndpoint,
  ...rest: ExcelExport extends [string, ...infer R] ? R : never,
][] = [
  [API.route.reportExcel, API.route.report, "ReporteRutas.xlsx", "Reporte de rutas", "Costo total"],
  [
    API.driver.reportExcel,
    API.driver.report,
    "ReporteRutaChofer.xlsx",
    "Reporte de rutas por chofer",
    "Costo total",
  ],
  [
    API.driver.reportRouteNotScheduledExcel,
    API.driver.reportRouteNotScheduled,
    "ReporteRutaNoProgramadaChofer.xlsx",
    "Reporte de rutas no programadas por chofer",
    "Costo total",
  ],
  [
    API.employee.reportExcel,
    API.employee.report,
    "ReporteColaboradores.xlsx",
    "Reporte de colaboradores",
    "Costo",
  ],
  [
    API.branchOffice.reportExcel,
    API.branchOffice.report,
    "ReporteSucursal.xlsx",
    "Reporte por sucursal",
    "Costo",
  ],
  [
    API.routeNotScheduled.reportExcel,
    API.routeNotScheduled.report,
    "ReporteRutaNoProgramada.xlsx",
    "Reporte de rutas no programadas",
    "Costo",
  ],
  [API.cut.generalExcel, API.cut.general, "ReporteCorteGeneral.xlsx", "Reporte de corte general", "Total"],
  [
    API.cut.headboardExcel,
    API.cut.headboard,
    "ReporteDetalleCorte.xlsx",
    "Reporte de detalle del corte",
    "Costo",
  ],
];

/** A path under `/api/v1/`, without its leading slash: "Route/report/excel". */
const under = (endpoint: ApiEndpoint) => clientPath(endpoint).slice(1);

/** [path, file name, title, money column] of every Excel export (spec §7 paths, §9 file names). */
export const EXCEL_EXPORTS: ExcelExport[] = EXPORTS.map(([excel, , ...rest]) => [under(excel), ...rest]);

const JSON_PATHS = new Map(EXPORTS.map(([excel, json]) => [under(excel), under(json)]));

/** The JSON call behind an Excel export (same query, one page of items). */
export const jsonPathOf = (excelPath: string) => {
  const json = JSON_PATHS.get(excelPath);
  if (!json) throw new Error(`No Excel export at ${excelPath}`);
  return json;
};
