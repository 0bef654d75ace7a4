import {
  ADMIN_ROLES,
  BOOKING_REPORT_FILE_NAME,
  BOOKING_REPORT_VIEW_LABELS,
  type BookingReportCollaboratorItem,
  type BookingReportDayItem,
  type BookingReportQuery,
  bookingReportQuerySchema,
  bookingReportResponseSchema,
  errorResponses,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { type ExcelColumn, sendSheet } from "../../lib/excel/stream-sheet.js";
import { exportFilters } from "../reports/export-filters.js";
import { type BookingClock, displayDate } from "./booking-clock.js";
import { bookingReport, bookingReportRows } from "./booking-report.js";

const tags = ["Booking"];
/** `YYYY-MM-DD` as the reports' `MM/DD/YYYY` (what `exportFilters` shows). */
const apiDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

const DAY_COLUMNS: ExcelColumn<BookingReportDayItem>[] = [
  { header: "Fecha", type: "text", value: (item) => displayDate(item.date) },
  { header: "Ruta", type: "text", value: (item) => item.routeName },
  { header: "Turno", type: "text", value: (item) => item.shiftName },
  { header: "Asientos", type: "integer", value: (item) => item.seats, total: true },
  { header: "Confirmados", type: "integer", value: (item) => item.confirmed, total: true },
  { header: "En espera", type: "integer", value: (item) => item.waitlisted, total: true },
  { header: "Demanda", type: "integer", value: (item) => item.demand, total: true },
  { header: "Cancelados", type: "integer", value: (item) => item.cancelled, total: true },
  { header: "Cancelaciones tardías", type: "integer", value: (item) => item.lateCancellations, total: true },
  { header: "Ausentes", type: "integer", value: (item) => item.noShows, total: true },
  { header: "Viajaron", type: "integer", value: (item) => item.ridden, total: true },
];

const COLLABORATOR_COLUMNS: ExcelColumn<BookingReportCollaboratorItem>[] = [
  { header: "Código", type: "text", value: (item) => item.codeEmployee },
  { header: "Nombre", type: "text", value: (item) => item.name },
  { header: "Apellido", type: "text", value: (item) => item.lastname },
  { header: "Ruta", type: "text", value: (item) => item.routeName },
  { header: "Esperado", type: "integer", value: (item) => item.expected, total: true },
  { header: "Viajó", type: "integer", value: (item) => item.ridden, total: true },
  { header: "Ausencias", type: "integer", value: (item) => item.noShows, total: true },
  {
    header: "Tasa de ausencias (%)",
    type: "decimal",
    value: (item) => (item.noShowRate === null ? null : item.noShowRate * 100),
    totalValue: (sumOf) => (sumOf("Esperado") > 0 ? (sumOf("Ausencias") / sumOf("Esperado")) * 100 : null),
  },
  { header: "Cancelaciones tardías", type: "integer", value: (item) => item.lateCancellations, total: true },
  { header: "Marcado (3 ausencias en 30 días)", type: "text", value: (item) => (item.flagged ? "Sí" : "No") },
];

async function* once<T>(rows: T[]) {
  for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
}

async function sendExcel(
  db: Db,
  clock: BookingClock,
  query: BookingReportQuery,
  caller: CallerClock,
  reply: Parameters<typeof sendSheet>[0],
) {
  const { data } = await bookingReportRows(db, clock, query, false);
  const filters = await exportFilters(
    db,
    { ...query, sinceDate: apiDate(data.sinceDate), untilDate: apiDate(data.untilDate) },
    caller,
  );
  filters.splice(2, 0, ["Vista", BOOKING_REPORT_VIEW_LABELS[data.view]]);
  const common = { fileName: BOOKING_REPORT_FILE_NAME, sheetName: "Reservas", filters, clock: caller };
  if (data.view === "days") {
    return sendSheet(reply, {
      ...common,
      title: "Reporte de reservas",
      columns: DAY_COLUMNS,
      batches: once(data.items),
    });
  }
  return sendSheet(reply, {
    ...common,
    title: "Reporte de reservas: ausencias",
    columns: COLLABORATOR_COLUMNS,
    batches: once(data.items),
  });
}

/** «Reporte Reservas» and its Excel (issue 35), for admins. */
export function registerBookingReportRoutes(app: FastifyInstance, db: Db, clock: BookingClock) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const description =
    "`view=days` (por defecto): demanda contra asientos por ruta y día de servicio; `view=collaborators`: " +
    "tasa de ausencias por colaborador y ruta, marcado con 3 ausencias en 30 días. Fechas de servicio " +
    "`YYYY-MM-DD` o `MM/DD/YYYY` (por defecto los últimos 6 días hasta hoy, a lo sumo 366).";
  r.get(
    routePath(API.booking.report),
    {
      config: { access: ADMIN_ROLES, dated: false },
      schema: {
        tags,
        summary: "Reporte Reservas: demanda, cancelaciones tardías y ausencias",
        description,
        querystring: bookingReportQuerySchema,
        response: { 200: bookingReportResponseSchema, ...errorResponses },
      },
    },
    (request) => bookingReport(db, clock, request.query),
  );
  r.get(
    routePath(API.booking.reportExcel),
    {
      config: { access: ADMIN_ROLES, dated: false },
      schema: {
        tags,
        summary: `Reporte Reservas: Excel con todas las filas (${BOOKING_REPORT_FILE_NAME})`,
        description,
        querystring: bookingReportQuerySchema,
        response: errorResponses,
      },
    },
    (request, reply) => sendExcel(db, clock, request.query, request.clock, reply),
  );
}
