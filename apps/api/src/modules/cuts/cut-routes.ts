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
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendSheet } from "../../lib/excel/stream-sheet.js";
import { currentUser } from "../../plugins/access.js";
import { cutGeneral, cutHeadboard } from "./cut-reports-sql.js";
import type { CutService } from "./cut-service.js";

const tags = ["Cut"];

export function registerCutRoutes(app: FastifyInstance, service: CutService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Cortes realizados, del más reciente al más antiguo: período, quién y cuándo, viajes, colaboradores y total congelados",
        querystring: cutRecordListQuerySchema,
        response: { 200: cutRecordListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.records(request.query, request.clock),
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
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Un corte como registro fijo: período, quién y cuándo, viajes, colaboradores y total",
        params: cutIdParamsSchema,
        response: { 200: cutRecordSchema, ...errorResponses },
      },
    },
    async (request) => service.record(request.params.id),
  );

  r.get(
    routePath(API.cut.general),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Corte general: una fila por suplidor (viajes, colaboradores, total) de los viajes ya cortados",
        querystring: cutListQuerySchema,
        response: { 200: cutGeneralResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { totals, items } = await service.list(cutGeneral, request.query, request.clock);
      return {
        amount: totals.amount,
        data: {
          total: totals.costCents / 100,
          items,
          amountTrips: totals.trips,
          amountCollaborators: totals.collaborators,
        },
      };
    },
  );

  r.get(
    routePath(API.cut.headboard),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Detalle del corte: una fila por viaje (fecha, ruta, chofer, suplidor, colaboradores, costo, incidencias y sus tipos)",
        querystring: cutListQuerySchema,
        response: { 200: cutHeadboardResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { totals, items } = await service.list(cutHeadboard, request.query, request.clock);
      return {
        amount: totals.amount,
        data: { total: totals.costCents / 100, items, amountCollaborators: totals.collaborators },
      };
    },
  );

  r.get(
    routePath(API.cut.generalExcel),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Corte general en Excel (${REPORT_FILE_NAMES.cutGeneral})`,
        querystring: cutListQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        await service.sheet(cutGeneral, request.query, request.clock, REPORT_FILE_NAMES.cutGeneral),
      ),
  );

  r.get(
    routePath(API.cut.headboardExcel),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Detalle del corte en Excel (${REPORT_FILE_NAMES.cutHeadboard})`,
        querystring: cutListQuerySchema,
        response: errorResponses,
      },
    },
    async (request, reply) =>
      sendSheet(
        reply,
        await service.sheet(cutHeadboard, request.query, request.clock, REPORT_FILE_NAMES.cutHeadboard),
      ),
  );
}
