import {
  ADMIN_ROLES,
  errorResponses,
  integrationIdParamsSchema,
  messageResponseSchema,
  reportScheduleCreateSchema,
  reportScheduleItemSchema,
  reportScheduleListQuerySchema,
  reportScheduleListResponseSchema,
  reportScheduleRunsResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { ReportScheduleService } from "./report-schedule-service.js";

const tags = ["ReportSchedule"];

/** «Programar envío» (issue 39): a report's Excel by e-mail on a schedule; Admin (own), SuperAdmin (all). */
export function registerReportScheduleRoutes(app: FastifyInstance, service: ReportScheduleService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.reportSchedule.create),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Programar el envío por correo del Excel de un reporte: diario (el día anterior), semanal (los 7 días anteriores) o mensual (el mes anterior) a una hora local, a 1–20 destinatarios, con los filtros del reporte",
        description:
          "Se ejecuta con los permisos actuales de quien lo programa. Tras una caída, se envía una vez el último período perdido.",
        body: reportScheduleCreateSchema,
        response: { 201: reportScheduleItemSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  r.get(
    routePath(API.reportSchedule.list),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Envíos programados (un Admin ve los suyos; un SuperAdmin, todos), opcionalmente de un reporte",
        querystring: reportScheduleListQuerySchema,
        response: { 200: reportScheduleListResponseSchema, ...errorResponses },
      },
    },
    (request) => service.list(currentUser(request), request.query.report),
  );

  r.delete(
    routePath(API.reportSchedule.remove),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Eliminar un envío programado (sus ejecuciones quedan registradas)",
        params: integrationIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.remove(currentUser(request), request.params.id),
  );

  r.get(
    routePath(API.reportSchedule.runs),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Últimas ejecuciones de un envío programado: período, cuándo y si el correo salió",
        params: integrationIdParamsSchema,
        response: { 200: reportScheduleRunsResponseSchema, ...errorResponses },
      },
    },
    (request) => service.runs(currentUser(request), request.params.id),
  );
}
