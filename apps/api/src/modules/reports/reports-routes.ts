import {
  ADMIN_ROLES,
  branchOfficeReportResponseSchema,
  driverReportResponseSchema,
  employeeReportResponseSchema,
  errorResponses,
  REPORT_FILE_NAMES,
  type ReportQuery,
  reportQuerySchema,
  routeNotScheduledReportQuerySchema,
  routeNotScheduledReportResponseSchema,
  routeReportResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { sendSheet } from "../../lib/excel/stream-sheet.js";
import { serviceDateOf } from "./employee-no-shows.js";
import { exportFilters } from "./export-filters.js";
import {
  branchOfficeReport,
  driverRouteNotScheduledReport,
  driverRouteReport,
  employeeReport,
  type ReportInput,
  routeNotScheduledReport,
  routeReport,
} from "./report-definitions.js";
import { reportRange } from "./report-range.js";
import { type ReportDefinition, type ReportTotals, reportBatches, reportList } from "./report-runner.js";

type ReportCall<Item> = {
  tag: string;
  path: string;
  excelPath: string;
  fileName: string;
  summary: string;
  query: typeof reportQuerySchema | typeof routeNotScheduledReportQuerySchema;
  response: z.ZodType;
  definition: ReportDefinition<ReportInput, Item>;
  /** Extra `data` fields from the totals (e.g. `amountCollaborators`). */
  extra: (totals: ReportTotals) => Record<string, number>;
};

function inputOf(query: ReportQuery, clock: CallerClock) {
  const range = reportRange(query, clock);
  const input: ReportInput = {
    scope: {
      from: range.from,
      to: range.to,
      kind: "all",
      supplierName: query.supplierName,
      routeName: query.routeName,
      destinationId: query.destinationId,
      driverId: query.driverId,
    },
    criterion: query.criterion,
    dates: { since: serviceDateOf(range.sinceDate), until: serviceDateOf(range.untilDate) },
  };
  return { range, input };
}

function registerReport<Item>(app: FastifyInstance, db: Db, call: ReportCall<Item>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    call.path,
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: [call.tag],
        summary: call.summary,
        querystring: call.query,
        response: { 200: call.response, ...errorResponses },
      },
    },
    async (request) => {
      const { input } = inputOf(request.query, request.clock);
      const { totals, items } = await reportList(db, call.definition, input, request.query);
      return {
        amount: totals.amount,
        data: { total: totals.costCents / 100, items, ...call.extra(totals) },
      };
    },
  );

  r.get(
    call.excelPath,
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags: [call.tag],
        summary: `${call.summary}: Excel con todas las filas (${call.fileName})`,
        querystring: call.query,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { range, input } = inputOf(request.query, request.clock);
      return sendSheet(reply, {
        fileName: call.fileName,
        ...call.definition.excel,
        filters: await exportFilters(db, { ...request.query, ...range }, request.clock),
        batches: reportBatches(db, call.definition, input),
        clock: request.clock,
      });
    },
  );
}

const collaborators = (key: string) => (totals: ReportTotals) => ({ [key]: totals.collaborators });

/** Route, driver, collaborator, branch office and not-scheduled route reports, with their Excel files. */
export function registerReportRoutes(app: FastifyInstance, db: Db) {
  registerReport(app, db, {
    tag: "Route",
    path: routePath(API.route.report),
    excelPath: routePath(API.route.reportExcel),
    fileName: REPORT_FILE_NAMES.route,
    summary: "Costo de las rutas programadas por ruta y suplidor (viajes terminados en el período)",
    query: reportQuerySchema,
    response: routeReportResponseSchema,
    definition: routeReport,
    extra: collaborators("amountCollaborator"),
  });
  registerReport(app, db, {
    tag: "Driver",
    path: routePath(API.driver.report),
    excelPath: routePath(API.driver.reportExcel),
    fileName: REPORT_FILE_NAMES.driver,
    summary: "Costo de las rutas programadas por chofer",
    query: reportQuerySchema,
    response: driverReportResponseSchema,
    definition: driverRouteReport,
    extra: collaborators("amountCollaborators"),
  });
  registerReport(app, db, {
    tag: "Driver",
    path: routePath(API.driver.reportRouteNotScheduled),
    excelPath: routePath(API.driver.reportRouteNotScheduledExcel),
    fileName: REPORT_FILE_NAMES.driverRouteNotScheduled,
    summary: "Costo de las rutas no programadas por chofer",
    query: reportQuerySchema,
    response: driverReportResponseSchema,
    definition: driverRouteNotScheduledReport,
    extra: collaborators("amountCollaborators"),
  });
  registerReport(app, db, {
    tag: "Employee",
    path: routePath(API.employee.report),
    excelPath: routePath(API.employee.reportExcel),
    fileName: REPORT_FILE_NAMES.employee,
    summary: "Costo por colaborador (el costo de cada viaje dividido entre quienes lo abordaron)",
    query: reportQuerySchema,
    response: employeeReportResponseSchema,
    definition: employeeReport,
    extra: collaborators("amountCollaborators"),
  });
  registerReport(app, db, {
    tag: "BranchOffice",
    path: routePath(API.branchOffice.report),
    excelPath: routePath(API.branchOffice.reportExcel),
    fileName: REPORT_FILE_NAMES.branchOffice,
    summary: "Costo por sucursal de los colaboradores",
    query: reportQuerySchema,
    response: branchOfficeReportResponseSchema,
    definition: branchOfficeReport,
    extra: collaborators("amountCollaborators"),
  });
  registerReport(app, db, {
    tag: "RouteNotScheduled",
    path: routePath(API.routeNotScheduled.report),
    excelPath: routePath(API.routeNotScheduled.reportExcel),
    fileName: REPORT_FILE_NAMES.routeNotScheduled,
    summary: "Viajes de rutas no programadas (amount 3 por defecto)",
    query: routeNotScheduledReportQuerySchema,
    response: routeNotScheduledReportResponseSchema,
    definition: routeNotScheduledReport,
    extra: collaborators("amountCollaborator"),
  });
}
