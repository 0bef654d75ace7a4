import {
  ADMIN_ROLES,
  cutCheckResponseSchema,
  cutCreatedResponseSchema,
  cutCreateRequestSchema,
  cutGeneralResponseSchema,
  cutHeadboardResponseSchema,
  cutIdParamsSchema,
  cutListQuerySchema,
  cutRecordListQuerySchema,
  cutRecordListResponseSchema,
  cutRecordSchema,
  errorResponses,
  REPORT_FILE_NAMES,
  SUPPLIER_PORTAL_ROLES,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendSheet, sendSheets } from "../../lib/excel/stream-sheet.js";
import { currentUser } from "../../plugins/access.js";
import type { SupplierScope } from "../supplier-portal/supplier-scope.js";
import { cutGeneral, cutHeadboard } from "./cut-reports-sql.js";
import type { CutService } from "./cut-service.js";

const tags = ["Cut"];
const SUPPLIER_NOTE = " (un suplidor ve solo sus viajes y sus ajustes)";

/**
 * Billing cuts. Making and checking cuts is the admins'; the records, reports and exports are also
 * the supplier portal's (issue 37): a supplier user sees every cut with the figures and rows of its
 * own trips and adjustment lines only, filtered in SQL.
 */
export function registerCutRoutes(app: FastifyInstance, service: CutService, scope: SupplierScope) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = async (request: FastifyRequest) => (await scope.of(request)) ?? undefined;

  r.post(
    routePath(API.cut.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Generar un corte (sinceDate, untilDate: YYYY-MM-DDTHH:mm:ssZ): empieza donde terminó el último corte; congela los viajes terminados y sin corte del período",
        body: cutCreateRequestSchema,
        response: { 201: cutCreatedResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, currentUser(request).id, request.clock);
      return reply.status(201).send(created);
    },
  );

  r.get(
    routePath(API.cut.list),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: `Cortes realizados, del más reciente al más antiguo: período, quién y cuándo, viajes, colaboradores, total congelados y disputas abiertas${SUPPLIER_NOTE}`,
        querystring: cutRecordListQuerySchema,
        response: { 200: cutRecordListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.records(request.query, request.clock, await viewer(request)),
  );

  r.get(
    routePath(API.cut.check),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Comprobación de la facturación: viajes finalizados sin corte en períodos cortados y viajes en dos cortes (ambos 0)",
        response: { 200: cutCheckResponseSchema, ...errorResponses },
      },
    },
    async () => service.check(),
  );

  r.get(
    routePath(API.cut.get),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: `Un corte como registro fijo: período, quién y cuándo, viajes, colaboradores, total (con sus ajustes), líneas de ajuste y disputas abiertas${SUPPLIER_NOTE}`,
        params: cutIdParamsSchema,
        response: { 200: cutRecordSchema, ...errorResponses },
      },
    },
    async (request) => service.record(request.params.id, await viewer(request)),
  );

  r.get(
    routePath(API.cut.general),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: `Corte general: una fila por suplidor (viajes, colaboradores, total) de los viajes ya cortados; con cutId, sus ajustes y disputas abiertas${SUPPLIER_NOTE}`,
        querystring: cutListQuerySchema,
        response: { 200: cutGeneralResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const supplierId = await viewer(request);
      const { totals, items } = await service.list(cutGeneral, request.query, request.clock, supplierId);
      const { cutId } = request.query;
      return {
        amount: totals.amount,
        data: {
          total: totals.costCents / 100,
          items,
          amountTrips: totals.trips,
          amountCollaborators: totals.collaborators,
          ...(cutId && (await service.disputes(cutId, supplierId))),
        },
      };
    },
  );

  r.get(
    routePath(API.cut.headboard),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: `Detalle del corte: una fila por viaje (fecha, ruta, chofer, suplidor, colaboradores, costo, incidencias y sus tipos)${SUPPLIER_NOTE}`,
        querystring: cutListQuerySchema,
        response: { 200: cutHeadboardResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const supplierId = await viewer(request);
      const { totals, items } = await service.list(cutHeadboard, request.query, request.clock, supplierId);
      return {
        amount: totals.amount,
        data: { total: totals.costCents / 100, items, amountCollaborators: totals.collaborators },
      };
    },
  );

  r.get(
    routePath(API.cut.generalExcel),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: `Corte general en Excel (${REPORT_FILE_NAMES.cutGeneral}); con cutId, la hoja «Ajustes»${SUPPLIER_NOTE}`,
        querystring: cutListQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendSheets(
        reply,
        await service.generalWorkbook(
          request.query,
          request.clock,
          REPORT_FILE_NAMES.cutGeneral,
          await viewer(request),
        ),
      ),
  );

  r.get(
    routePath(API.cut.headboardExcel),
    {
      config: { access: SUPPLIER_PORTAL_ROLES },
      schema: {
        tags,
        summary: `Detalle del corte en Excel (${REPORT_FILE_NAMES.cutHeadboard}); con cutId, la hoja «Ajustes»${SUPPLIER_NOTE}`,
        querystring: cutListQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        await service.headboardExport(
          request.query,
          request.clock,
          REPORT_FILE_NAMES.cutHeadboard,
          await viewer(request),
        ),
      ),
  );
}
