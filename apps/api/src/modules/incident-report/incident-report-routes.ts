import {
  ADMIN_ROLES,
  errorResponses,
  incidentReportListQuerySchema,
  incidentReportListResponseSchema,
  incidentReportQuerySchema,
  incidentReportResponseSchema,
  REPORT_FILE_NAMES,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { sendSheets } from "../../lib/excel/stream-sheet.js";
import { exportFilters } from "../reports/export-filters.js";
import { incidentReportSheets } from "./incident-report-excel.js";
import { filterNames } from "./incident-report-repository.js";
import { allReportIncidents, incidentReport, incidentReportList } from "./incident-report-service.js";

const tags = ["Incident"];

const DESCRIPTION =
  "Viajes: los terminados en el período (días locales, encabezado GMT); incidencias: las abiertas en el período. " +
  "Puntualidad: un viaje de una ruta con turno de entrada tiene llegada planificada (la hora del turno en el día " +
  "local más cercano al inicio); llega cuando registra una posición a 150 m o menos del destino, o al terminar si " +
  "es antes; está a tiempo si llega a más tardar la llegada planificada más el umbral `lateMinutes` de la sucursal " +
  "(10 min por defecto). Los viajes sin llegada planificada no cuentan en el porcentaje (null sin viajes que juzgar).";

/** `GET Incident/report` and its Excel (Admin, SuperAdmin). */
export function registerIncidentReportRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    routePath(API.incident.report),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Reporte de incidencias por suplidor, chofer, ruta y tipo, con la puntualidad por suplidor",
        description: DESCRIPTION,
        querystring: incidentReportQuerySchema,
        response: { 200: incidentReportResponseSchema, ...errorResponses },
      },
    },
    async (request) => incidentReport(db, request.query, request.clock),
  );

  r.get(
    routePath(API.incident.reportIncidents),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Incidencias del reporte una por una: tipo, ruta, apertura y cierre, quién atendió, nota, minutos abierta",
        description:
          "Las incidencias abiertas en el período (días locales, encabezado GMT) con los filtros del reporte, de la más " +
          "antigua a la más reciente, paginadas (`amount`, `skip`). `minutesOpen`: de la apertura al cierre; las que siguen " +
          "sin cerrar (`open`), hasta el momento de la consulta.",
        querystring: incidentReportListQuerySchema,
        response: { 200: incidentReportListResponseSchema, ...errorResponses },
      },
    },
    async (request) => incidentReportList(db, request.query, request.clock),
  );

  r.get(
    routePath(API.incident.reportExcel),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Reporte de incidencias en Excel (${REPORT_FILE_NAMES.incidents}): una hoja por agrupación y la hoja «Incidencias»`,
        description: DESCRIPTION,
        querystring: incidentReportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const [report, incidents] = await Promise.all([
        incidentReport(db, request.query, request.clock),
        allReportIncidents(db, request.query, request.clock),
      ]);
      const filters = await exportFilters(db, report, request.clock);
      const names = await filterNames(db, request.query);
      const extra: [string, string][] = [];
      if (names.branchOffice) extra.push(["Sucursal", names.branchOffice]);
      if (names.supplier) extra.push(["Suplidor", names.supplier]);
      return sendSheets(reply, {
        fileName: REPORT_FILE_NAMES.incidents,
        filters: [...filters.slice(0, 2), ...extra, ...filters.slice(2)],
        clock: request.clock,
        sheets: incidentReportSheets(report, incidents),
      });
    },
  );
}
