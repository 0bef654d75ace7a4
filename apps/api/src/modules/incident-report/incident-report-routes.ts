import {
  errorResponses,
  incidentReportListQuerySchema,
  incidentReportListResponseSchema,
  incidentReportQuerySchema,
  incidentReportResponseSchema,
  REPORT_FILE_NAMES,
  SUPPLIER_PORTAL_ROLES,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { sendSheets } from "../../lib/excel/stream-sheet.js";
import { currentUser } from "../../plugins/access.js";
import { exportFilters } from "../reports/export-filters.js";
import { supplierScopeOf } from "../supplier-portal/supplier-scope.js";
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

/** Who may read the report: admins, and a supplier's users limited to their supplier (decision 0077). */
const config = { access: SUPPLIER_PORTAL_ROLES };
const SCOPE_NOTE = " Un usuario de suplidor ve solo su suplidor (su `supplierId` reemplaza el del filtro).";

/** `GET Incident/report`, its incidents and its Excel (Admin, SuperAdmin; Supplier, its own). */
export function registerIncidentReportRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The query as asked, its supplier forced to a Supplier caller's own. */
  async function scoped<Q extends { supplierId?: number }>(request: FastifyRequest, query: Q): Promise<Q> {
    const supplierId = await supplierScopeOf(db, currentUser(request));
    return supplierId === null ? query : { ...query, supplierId };
  }
  r.get(
    routePath(API.incident.report),
    {
      config,
      schema: {
        tags,
        summary: "Reporte de incidencias por suplidor, chofer, ruta y tipo, con la puntualidad por suplidor",
        description: DESCRIPTION + SCOPE_NOTE,
        querystring: incidentReportQuerySchema,
        response: { 200: incidentReportResponseSchema, ...errorResponses },
      },
    },
    async (request) => incidentReport(db, await scoped(request, request.query), request.clock),
  );

  r.get(
    routePath(API.incident.reportIncidents),
    {
      config,
      schema: {
        tags,
        summary:
          "Incidencias del reporte una por una: tipo, ruta, apertura y cierre, quién atendió, nota, minutos abierta",
        description:
          "Las incidencias abiertas en el período (días locales, encabezado GMT) con los filtros del reporte, de la más " +
          "antigua a la más reciente, paginadas (`amount`, `skip`). `minutesOpen`: de la apertura al cierre; las que siguen " +
          "sin cerrar (`open`), hasta el momento de la consulta." +
          SCOPE_NOTE,
        querystring: incidentReportListQuerySchema,
        response: { 200: incidentReportListResponseSchema, ...errorResponses },
      },
    },
    async (request) => incidentReportList(db, await scoped(request, request.query), request.clock),
  );

  r.get(
    routePath(API.incident.reportExcel),
    {
      config,
      schema: {
        tags,
        summary: `Reporte de incidencias en Excel (${REPORT_FILE_NAMES.incidents}): una hoja por agrupación y la hoja «Incidencias»`,
        description: DESCRIPTION + SCOPE_NOTE,
        querystring: incidentReportQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const query = await scoped(request, request.query);
      const [report, incidents] = await Promise.all([
        incidentReport(db, query, request.clock),
        allReportIncidents(db, query, request.clock),
      ]);
      const filters = await exportFilters(db, report, request.clock);
      const names = await filterNames(db, query);
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
