import {
  ADMIN_ROLES,
  EMPLOYEE_ROLES,
  errorResponses,
  messageResponseSchema,
  SAFE_ARRIVAL_REPORT_FILE_NAME,
  SAFE_ARRIVAL_STATUS_LABELS,
  SAFETY_OUTCOME_LABELS,
  type SafeArrivalReportItem,
  safeArrivalAnswerSchema,
  safeArrivalConfirmSchema,
  safeArrivalPendingResponseSchema,
  safeArrivalReportQuerySchema,
  safeArrivalReportResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { displayDate } from "../../lib/caller-clock.js";
import { type ExcelColumn, sendSheet } from "../../lib/excel/stream-sheet.js";
import { currentUser } from "../../plugins/access.js";
import type { SafeArrivalService } from "./safe-arrival-service.js";

const tags = ["SafeArrival"];
const at = (value: string | null) => (value === null ? null : new Date(value));
/** `YYYY-MM-DD` as displayed, `DD/MM/YYYY`. */
const day = (value: string) => displayDate(`${value.slice(5, 7)}/${value.slice(8, 10)}/${value.slice(0, 4)}`);

const COLUMNS: ExcelColumn<SafeArrivalReportItem>[] = [
  { header: "Fecha", type: "text", value: (item) => day(item.serviceDay) },
  { header: "Colaborador", type: "text", value: (item) => item.employeeName },
  { header: "Ruta", type: "text", value: (item) => item.routeName },
  { header: "Sucursal", type: "text", value: (item) => item.branchOfficeName },
  { header: "Parada", type: "text", value: (item) => item.stopName },
  { header: "Latitud", type: "decimal", value: (item) => item.latitude },
  { header: "Longitud", type: "decimal", value: (item) => item.longitude },
  { header: "Dejado", type: "datetime", value: (item) => at(item.droppedAt) },
  { header: "Preguntado", type: "datetime", value: (item) => at(item.askedAt) },
  { header: "Confirmó", type: "datetime", value: (item) => at(item.confirmedAt) },
  {
    header: "Desde",
    type: "text",
    value: (item) =>
      item.confirmedVia === "push" ? "Notificación" : item.confirmedVia === "app" ? "App" : null,
  },
  { header: "Estado", type: "text", value: (item) => SAFE_ARRIVAL_STATUS_LABELS[item.status] },
  { header: "Incidencia", type: "id", value: (item) => item.incidentId },
  { header: "Atendió", type: "text", value: (item) => item.attendedBy },
  {
    header: "Resultado",
    type: "text",
    value: (item) => (item.outcome ? SAFETY_OUTCOME_LABELS[item.outcome] : null),
  },
];

const REPORT_DESCRIPTION =
  "Bajadas nocturnas de viajes de salida (ventana nocturna de la sucursal) y su confirmación «¿Llegó bien?», " +
  "de la más reciente a la más antigua. Fechas: días locales del encabezado GMT sobre la hora en que el bus " +
  "pasó la parada. `status`: WAITING (por preguntar), ASKED (preguntado), CONFIRMED (llegó bien), " +
  "UNCONFIRMED (sin respuesta: incidencia SAFE_ARRIVAL_UNCONFIRMED). `criterion` busca en el colaborador y la ruta.";

/** Safe arrival at night (issue 38, decision 0082): the rider's prompt and «Sí», and the report. */
export function registerSafeArrivalRoutes(app: FastifyInstance, service: SafeArrivalService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.safeArrival.pending),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "«¿Llegó bien?» pendientes del colaborador: preguntadas y sin responder",
        response: { 200: safeArrivalPendingResponseSchema, ...errorResponses },
      },
    },
    (request) => service.pending(currentUser(request)),
  );

  r.post(
    routePath(API.safeArrival.confirm),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary:
          "«Sí, llegué bien» desde Treiber App (con `actionId`, una sola vez; una confirmación de otro colaborador, 404)",
        body: safeArrivalConfirmSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.confirm(currentUser(request), request.body);
      return reply.status(result.statusCode).send(result.body);
    },
  );

  r.post(
    routePath(API.safeArrival.answer),
    {
      config: { access: "public" },
      schema: {
        tags,
        summary:
          "«Sí» desde la notificación, sin sesión: el token de un solo uso que llevó la notificación (usado o desconocido, 404)",
        body: safeArrivalAnswerSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.answer(request.body.token),
  );

  r.get(
    routePath(API.safeArrival.report),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Reporte «Llegadas seguras»: bajadas nocturnas y su confirmación",
        description: REPORT_DESCRIPTION,
        querystring: safeArrivalReportQuerySchema,
        response: { 200: safeArrivalReportResponseSchema, ...errorResponses },
      },
    },
    (request) => service.report(request.query, request.clock),
  );

  r.get(
    routePath(API.safeArrival.reportExcel),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Reporte «Llegadas seguras» en Excel (${SAFE_ARRIVAL_REPORT_FILE_NAME}), todas las filas`,
        description: REPORT_DESCRIPTION,
        querystring: safeArrivalReportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { query, clock } = request;
      const filters: [string, string][] = [];
      if (query.sinceDate && query.untilDate)
        filters.push(["Desde", displayDate(query.sinceDate)], ["Hasta", displayDate(query.untilDate)]);
      if (query.branchOfficeId)
        filters.push([
          "Sucursal",
          (await service.branchOfficeName(query.branchOfficeId)) ?? `#${query.branchOfficeId}`,
        ]);
      if (query.status) filters.push(["Estado", SAFE_ARRIVAL_STATUS_LABELS[query.status]]);
      if (query.criterion?.trim()) filters.push(["Búsqueda", query.criterion.trim()]);
      filters.push(["Generado", `${clock.displayDateTime(new Date())} (${clock.label})`]);
      return sendSheet(reply, {
        fileName: SAFE_ARRIVAL_REPORT_FILE_NAME,
        sheetName: "Llegadas seguras",
        title: "Reporte de llegadas seguras",
        filters,
        columns: COLUMNS,
        batches: service.reportRows(query, clock),
        clock,
      });
    },
  );
}
