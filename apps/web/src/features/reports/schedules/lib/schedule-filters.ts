import {
  type ReportScheduleItem,
  SCHEDULE_FREQUENCY_LABELS,
  type ScheduledReport,
  type ScheduleFrequency,
} from "@treiber/contract";
import { API, clientPath } from "@treiber/contract/api-paths";

/** The Excel exports a schedule may send, by the page's Excel path (others show no «Programar envío»). */
const SCHEDULABLE = new Map<string, ScheduledReport>(
  (
    [
      [API.branchOffice.reportExcel, "branchOffice"],
      [API.employee.reportExcel, "employee"],
      [API.driver.reportExcel, "driver"],
      [API.route.reportExcel, "route"],
      [API.routeNotScheduled.reportExcel, "routeNotScheduled"],
      [API.booking.reportExcel, "booking"],
      [API.incident.reportExcel, "incident"],
      [API.safeArrival.reportExcel, "safeArrival"],
      [API.planning.savingsExcel, "savings"],
      [API.cut.generalExcel, "cutGeneral"],
    ] as const
  ).map(([endpoint, report]) => [clientPath(endpoint).toLowerCase(), report]),
);

/** The report a page's Excel export is, when it can be scheduled (paths match case-insensitively, as the API's). */
export const scheduledReportOf = (excelPath: string): ScheduledReport | undefined =>
  SCHEDULABLE.get(excelPath.toLowerCase());

/** The page filters a schedule keeps (never the dates, paging or sorting: the period is the frequency's). */
export const SCHEDULE_FILTER_LABELS: Record<string, string> = {
  criterion: "Búsqueda",
  supplierName: "Suplidor",
  routeName: "Ruta",
  driverId: "Chofer",
  destinationId: "Destino",
  branchOfficeId: "Sucursal",
  supplierId: "Suplidor",
  shiftId: "Turno",
  routeId: "Ruta",
  status: "Estado",
  view: "Vista",
};

/** The page's current filters a schedule keeps (empty values dropped). */
export function scheduleFiltersOf(params: object | undefined): Record<string, string | number> {
  const filters: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params ?? {})) {
    if (!(key in SCHEDULE_FILTER_LABELS)) continue;
    if (typeof value === "number" || (typeof value === "string" && value.trim() !== "")) filters[key] = value;
  }
  return filters;
}

export const WEEKDAY_LABELS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"];
const WEEKDAY_PLURALS = ["lunes", "martes", "miércoles", "jueves", "viernes", "sábados", "domingos"];

/** «Diario a las 07:00», «Semanal, los lunes a las 07:00», «Mensual, el día 5 a las 07:00». */
export function describeSchedule(
  item: Pick<ReportScheduleItem, "frequency" | "time" | "weekday" | "monthDay">,
) {
  const at = `a las ${item.time}`;
  if (item.frequency === "weekly") return `Semanal, los ${WEEKDAY_PLURALS[(item.weekday ?? 1) - 1]} ${at}`;
  if (item.frequency === "monthly") return `Mensual, el día ${item.monthDay} ${at}`;
  return `Diario ${at}`;
}

export const FREQUENCY_OPTIONS = (Object.keys(SCHEDULE_FREQUENCY_LABELS) as ScheduleFrequency[]).map(
  (value) => ({ value, label: SCHEDULE_FREQUENCY_LABELS[value] }),
);
