import {
  ADMIN_ROLES,
  dayPlanApplyRequestSchema,
  dayPlanApplyResponseSchema,
  dayPlanDeleteRequestSchema,
  dayPlanDeleteResponseSchema,
  dayPlanProposalSchema,
  dayPlanProposeRequestSchema,
  dayPlanQuerySchema,
  dayPlanResponseSchema,
  errorResponseSchema,
  errorResponses,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import { APPLY_BODY_LIMIT } from "../planning/planning-routes.js";
import type { DayPlansService } from "./day-plans-service.js";

const tags = ["Planning"];
const errors = errorResponses;
const DATES = "Fechas `YYYY-MM-DD` de la sucursal (no se pide el encabezado GMT).";

/** Planificación, plan del día (issue 36): Admin, SuperAdmin. */
export function registerDayPlanRoutes(app: FastifyInstance, service: DayPlansService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: ADMIN_ROLES, dated: false };

  r.post(
    routePath(API.planning.dayPropose),
    {
      config,
      schema: {
        tags,
        summary:
          "Proponer el plan de un día de un turno hacia un destino para quienes viajan ese día (reservas confirmadas y, si caben, en espera), cada uno en su parada, con los buses de las rutas fijas (nada se guarda; 503 si el planificador está ocupado)",
        description: DATES,
        body: dayPlanProposeRequestSchema,
        response: { 200: dayPlanProposalSchema, ...errors, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const controller = new AbortController();
      reply.raw.once("close", () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return service.propose(request.body, controller.signal);
    },
  );

  r.post(
    routePath(API.planning.dayApply),
    {
      config,
      // As Planning/apply: a day of 300 routes with their stops and riders exceeds the 1 MiB default.
      bodyLimit: APPLY_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Aplicar el plan de un día: qué rutas fijas salen, sus paradas y horas ese día; las demás quedan liberadas ese día (409 si las reservas o las rutas cambiaron o un viaje ya empezó)",
        description: DATES,
        body: dayPlanApplyRequestSchema,
        response: { 200: dayPlanApplyResponseSchema, ...errors },
      },
    },
    (request) => service.apply(request.body, currentUser(request).id),
  );

  r.get(
    routePath(API.planning.day),
    {
      config,
      schema: {
        tags,
        summary: "El plan del día aplicado a una fecha (null: ese día sigue el plan fijo)",
        description: DATES,
        querystring: dayPlanQuerySchema,
        response: { 200: dayPlanResponseSchema, ...errors },
      },
    },
    (request) => service.read(request.query),
  );

  r.delete(
    routePath(API.planning.dayDelete),
    {
      config,
      schema: {
        tags,
        summary:
          "Volver al plan fijo en una fecha: se avisa a quienes cambian de hora o de bus y a sus choferes",
        description: DATES,
        body: dayPlanDeleteRequestSchema,
        response: { 200: dayPlanDeleteResponseSchema, ...errors },
      },
    },
    (request) => service.remove(request.body),
  );
}
