import {
  ADMIN_ROLES,
  type CutListQuery,
  cutCreatedResponseSchema,
  cutCreateRequestSchema,
  cutGeneralResponseSchema,
  cutHeadboardResponseSchema,
  cutListQuerySchema,
  errorResponses,
  REPORT_FILE_NAMES,
} from "@treiber/contract";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client.js";
import { sendSheet } from "../../lib/excel/stream-sheet.js";
import { currentUser } from "../../plugins/access.js";
import { exportFilters } from "../reports/export-filters.js";
import type { ReportInput } from "../reports/report-definitions.js";
import { type ReportDefinition, reportBatches, reportList } from "../reports/report-runner.js";
import { cutGeneral, cutHeadboard } from "./cut-definitions.js";
import type { CutService } from "./cut-service.js";

const tags = ["Cut"];

export function registerCutRoutes(app: FastifyInstance, db: Db, service: CutService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/v1/Cut",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Generar un corte (sinceDate, untilDate: YYYY-MM-DDTHH:mm:ssZ): congela los viajes terminados y sin corte del período",
        body: cutCreateRequestSchema,
        response: { 201: cutCreatedResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await service.create(request.body, currentUser(request).id);
      return reply.status(201).send(created);
    },
  );

  const excel = async <Item>(
    query: CutListQuery,
    gmtOffset: number,
    reply: FastifyReply,
    definition: ReportDefinition<ReportInput, Item>,
    fileName: string,
  ) => {
    const { range, input } = await service.listInput(query, gmtOffset);
    return sendSheet(reply, {
      fileName,
      ...definition.excel,
      filters: await exportFilters(db, { ...query, ...range }, gmtOffset),
      batches: reportBatches(db, definition, input),
      gmtOffset,
    });
  };

  r.get(
    "/api/v1/Cut/General",
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
      const { input } = await service.listInput(request.query, request.gmtOffset);
      const { totals, items } = await reportList(db, cutGeneral, input, request.query);
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
    "/api/v1/Cut/Headboard",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Detalle del corte: una fila por viaje (fecha, ruta, chofer, suplidor, colaboradores, costo)",
        querystring: cutListQuerySchema,
        response: { 200: cutHeadboardResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { input } = await service.listInput(request.query, request.gmtOffset);
      const { totals, items } = await reportList(db, cutHeadboard, input, request.query);
      return {
        amount: totals.amount,
        data: { total: totals.costCents / 100, items, amountCollaborators: totals.collaborators },
      };
    },
  );

  r.get(
    "/api/v1/Cut/General/excel",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Corte general en Excel (${REPORT_FILE_NAMES.cutGeneral})`,
        querystring: cutListQuerySchema,
        response: errorResponses,
      },
    },
    (request, reply) =>
      excel(request.query, request.gmtOffset, reply, cutGeneral, REPORT_FILE_NAMES.cutGeneral),
  );

  r.get(
    "/api/v1/Cut/Headboard/excel",
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: `Detalle del corte en Excel (${REPORT_FILE_NAMES.cutHeadboard})`,
        querystring: cutListQuerySchema,
        response: errorResponses,
      },
    },
    (request, reply) =>
      excel(request.query, request.gmtOffset, reply, cutHeadboard, REPORT_FILE_NAMES.cutHeadboard),
  );
}
