import {
  ADMIN_ROLES,
  companyPlanRequestSchema,
  companyPlanResponseSchema,
  errorResponseSchema,
  errorResponses,
  planningApplyRequestSchema,
  planningApplyResponseSchema,
  planningContextQuerySchema,
  planningContextResponseSchema,
  planningProposalResponseSchema,
  planningProposeRequestSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { PlanningService } from "./planning-service.js";

/** Bytes a plan to apply may take: 4 MiB. */
export const APPLY_BODY_LIMIT = 4 * 1_048_576;

const tags = ["Planning"];
const errors = errorResponses;
/** Seconds a busy planner asks the client to wait (503). */
const BUSY_RETRY_SECONDS = 5;

/** An AbortSignal that fires when the client goes away before the answer is sent ("Cancelar"). */
function abortOnDisconnect(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A busy planner's 503 asks the client to come back in BUSY_RETRY_SECONDS. */
async function busyAware<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 503) {
      reply.header("Retry-After", String(BUSY_RETRY_SECONDS));
    }
    throw error;
  }
}

/** Planificación: propose the routes of a shift to a workplace and apply them (Admin, SuperAdmin). */
export function registerPlanningRoutes(app: FastifyInstance, service: PlanningService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath(API.planning.context),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Contexto para planificar un turno hacia un destino: colaboradores con su casa y ruta, choferes con vehículo y costo, calibración, rutas actuales con sus cifras y versión",
        querystring: planningContextQuerySchema,
        response: { 200: planningContextResponseSchema, ...errors },
      },
    },
    (request) => service.context(request.query),
  );

  r.post(
    routePath(API.planning.propose),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Proponer las rutas de un turno hacia un destino con el planificador (nada se guarda; cancelar la solicitud detiene el planificador; 503 si ya está ocupado)",
        body: planningProposeRequestSchema,
        response: { 200: planningProposalResponseSchema, ...errors, 503: errorResponseSchema },
      },
    },
    (request, reply) => busyAware(reply, () => service.propose(request.body, abortOnDisconnect(reply))),
  );

  r.post(
    routePath(API.planning.companyPropose),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary:
          "Proponer toda la sucursal: una propuesta por turno y destino, y las vueltas encadenadas por chofer y vehículo dentro de la jornada y con descanso (nada se guarda; cancelar la solicitud detiene el planificador; 503 si ya está ocupado)",
        body: companyPlanRequestSchema,
        response: { 200: companyPlanResponseSchema, ...errors, 503: errorResponseSchema },
      },
    },
    (request, reply) =>
      busyAware(reply, () => service.proposeCompany(request.body, abortOnDisconnect(reply))),
  );

  r.post(
    routePath(API.planning.apply),
    {
      config: { access: ADMIN_ROLES },
      // A whole company's plan (5,000 riders on up to 300 routes, stop names and addresses) can pass
      // the server's 1 MiB (issue 36).
      bodyLimit: APPLY_BODY_LIMIT,
      schema: {
        tags,
        summary:
          "Aplicar un plan en una sola transacción: crea o actualiza las rutas, sus colaboradores, chofer y paradas con hora planificada, inactiva las que quedan fuera y notifica a los colaboradores con cambios (409 si otro administrador cambió las rutas; 400 si una ruta supera el viaje máximo y no se envía acceptBrokenLimits)",
        body: planningApplyRequestSchema,
        response: { 200: planningApplyResponseSchema, ...errors },
      },
    },
    (request) => service.apply(request.body),
  );
}
