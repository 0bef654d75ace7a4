import {
  ADMIN_ROLES,
  errorResponses,
  SAVINGS_REPORT_FILE_NAME,
  type SavingsFigures,
  type SavingsReportItem,
  type SavingsReportQuery,
  savingsReportQuerySchema,
  savingsReportResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { type ExcelColumn, sendSheet } from "../../lib/excel/stream-sheet.js";
import { type BookingClock, displayDate } from "../bookings/booking-clock.js";
import { exportFilters } from "../reports/export-filters.js";
import { savingsReportRows } from "./savings-report.js";
import { filterNames } from "./savings-report-repository.js";

const tags = ["Planning"];
/** `YYYY-MM-DD` as the reports' `MM/DD/YYYY` (what `exportFilters` shows). */
const apiDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
const SOURCE_LABELS = { auto: "Automático", admin: "Administrador" } as const;

type Pick = (item: SavingsReportItem) => SavingsFigures | null;
const PLANS: [string, Pick][] = [
  ["plan fijo", (item) => item.standing],
  ["plan del día", (item) => item.day],
  ["viajes", (item) => (item.trips > 0 ? item.ran : null)],
];
const figureColumns = (
  label: string,
  type: "integer" | "decimal" | "money",
  value: (figures: SavingsFigures) => number,
): ExcelColumn<SavingsReportItem>[] =>
  PLANS.map(([plan, pick]) => ({
    header: `${label} ${plan}`,
    type,
    value: (item) => {
      const figures = pick(item);
      return figures ? value(figures) : null;
    },
    total: true,
  }));

const SAVED: ExcelColumn<SavingsReportItem>[] = [
  { header: "Vehículos liberados", type: "integer", value: (item) => item.saved.vehicles, total: true },
  { header: "Km ahorrados", type: "decimal", value: (item) => item.saved.km, total: true },
  { header: "Costo ahorrado", type: "money", value: (item) => item.saved.cost, total: true },
  { header: "kg CO₂ evitados", type: "decimal", value: (item) => item.saved.co2Kg, total: true },
  {
    header: "Km ahorrados (viajes)",
    type: "decimal",
    value: (item) => item.savedRan?.km ?? null,
    total: true,
  },
  {
    header: "Costo ahorrado (viajes)",
    type: "money",
    value: (item) => item.savedRan?.cost ?? null,
    total: true,
  },
  {
    header: "kg CO₂ evitados (viajes)",
    type: "decimal",
    value: (item) => item.savedRan?.co2Kg ?? null,
    total: true,
  },
];

const COLUMNS: ExcelColumn<SavingsReportItem>[] = [
  { header: "Fecha", type: "text", value: (item) => displayDate(item.date) },
  { header: "Sucursal", type: "text", value: (item) => item.branchOfficeName },
  { header: "Turno", type: "text", value: (item) => item.shiftName },
  { header: "Destino", type: "text", value: (item) => item.destinationName },
  { header: "Aplicado por", type: "text", value: (item) => SOURCE_LABELS[item.source] },
  ...figureColumns("Vehículos", "integer", (figures) => figures.vehicles),
  ...figureColumns("Km", "decimal", (figures) => figures.km),
  ...figureColumns("Costo", "money", (figures) => figures.cost),
  ...figureColumns("kg CO₂", "decimal", (figures) => figures.co2Kg),
  ...SAVED,
];

async function* once<T>(rows: T[]) {
  for (let i = 0; i < rows.length; i += 1000) yield rows.slice(i, i + 1000);
}

async function sendExcel(
  db: Db,
  clock: BookingClock,
  query: SavingsReportQuery,
  caller: CallerClock,
  reply: Parameters<typeof sendSheet>[0],
) {
  const { data } = await savingsReportRows(db, clock, query, false);
  const filters = await exportFilters(
    db,
    { ...query, sinceDate: apiDate(data.sinceDate), untilDate: apiDate(data.untilDate) },
    caller,
  );
  const names = await filterNames(db, query);
  if (names.shift) filters.splice(2, 0, ["Turno", names.shift]);
  if (names.branchOffice) filters.splice(2, 0, ["Sucursal", names.branchOffice]);
  return sendSheet(reply, {
    fileName: SAVINGS_REPORT_FILE_NAME,
    sheetName: "Ahorro",
    title: "Reporte de ahorro: plan fijo, plan del día y viajes",
    filters,
    clock: caller,
    columns: COLUMNS,
    batches: once(data.items),
  });
}

/** «Reporte Ahorro» and its Excel (issue 36): SuperAdmin, Admin. */
export function registerSavingsReportRoutes(app: FastifyInstance, db: Db, clock: BookingClock) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ADMIN_ROLES, dated: false };
  const description =
    "Una fila por fecha, turno y destino con plan del día: vehículos, km, costo y kg de CO₂ del plan fijo, " +
    "del plan del día y de los viajes de esas rutas esa fecha (km medidos, costo del viaje), con el ahorro. " +
    "Fechas de servicio `YYYY-MM-DD` o `MM/DD/YYYY` (por defecto los últimos 6 días hasta hoy, a lo sumo 366).";
  r.get(
    routePath(API.planning.savings),
    {
      config,
      schema: {
        tags,
        summary: "Reporte Ahorro: plan fijo contra plan del día y lo que salió",
        description,
        querystring: savingsReportQuerySchema,
        response: { 200: savingsReportResponseSchema, ...errorResponses },
      },
    },
    (request) => savingsReportRows(db, clock, request.query, true),
  );
  r.get(
    routePath(API.planning.savingsExcel),
    {
      config,
      schema: {
        tags,
        summary: `Reporte Ahorro: Excel con todas las filas (${SAVINGS_REPORT_FILE_NAME})`,
        description,
        querystring: savingsReportQuerySchema,
        response: errorResponses,
      },
    },
    (request, reply) => sendExcel(db, clock, request.query, request.clock, reply),
  );
}
