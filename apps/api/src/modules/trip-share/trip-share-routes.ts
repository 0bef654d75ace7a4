import {
  EMPLOYEE_ROLES,
  errorResponseSchema,
  errorResponses,
  messageResponseSchema,
  SAFETY_MESSAGES,
  sharedTripSchema,
  TRIP_SHARE_AFTER_END_MINUTES,
  TRIP_SHARE_MAX_HOURS,
  tripShareCreateResponseSchema,
  tripShareCreateSchema,
  tripShareTokenParamsSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { publicOrigin } from "../../lib/public-origin.js";
import { currentUser } from "../../plugins/access.js";
import type { TripShareService } from "./trip-share-service.js";

const tags = ["TripShare"];

/**
 * The page's origin: PUBLIC_URL, else as the caller reached the server (`trustProxy` decides the
 * forwarded one).
 */

/** Neither the shared trip nor its 404 is kept by a browser or a proxy. */
const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header("Cache-Control", "no-store");
};

/**
 * «Compartir mi viaje» (issue 38, decision 0081): the rider creates and revokes a link; the page
 * `/seguir/<token>` reads the trip without an account.
 */
export function registerTripShareRoutes(app: FastifyInstance, service: TripShareService, publicUrl?: string) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.tripShare.create),
    {
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "Compartir mi viaje: un enlace a /seguir/<token> para quien no tiene cuenta",
        description:
          "Solo un pasajero del viaje en curso (abordado, o esperado en él y no cancelado); si no, 403. " +
          `Un viaje terminado, 409. El enlace vence ${TRIP_SHARE_AFTER_END_MINUTES} minutos después del ` +
          `fin del viaje, a lo sumo ${TRIP_SHARE_MAX_HOURS} horas después de creado, o al revocarlo. ` +
          "El token (256 bits aleatorios) se guarda solo como su SHA-256.",
        body: tripShareCreateSchema,
        response: { 201: tripShareCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.create(
            currentUser(request),
            request.body.intermediateRouteId,
            publicOrigin(request, publicUrl),
          ),
        ),
  );

  r.get(
    routePath(API.tripShare.view),
    {
      config: { access: "public" },
      onRequest: noStore,
      schema: {
        tags,
        summary:
          "El viaje compartido, sin cuenta: el bus, su chofer (nombre de pila), la parada de quien lo compartió",
        description:
          "Nada de los demás pasajeros. Un token desconocido, mal formado, revocado o vencido responde el " +
          "mismo 404. `Cache-Control: no-store`.",
        params: tripShareTokenParamsSchema,
        response: { 200: sharedTripSchema, 404: errorResponseSchema },
      },
    },
    (request) => service.view(request.params.token),
  );

  // A token past the router's parameter length, or with a slash: the same 404 as any other.
  app.get(
    `${routePath(API.tripShare.view).replace("/:token", "")}/*`,
    { config: { access: "public" }, onRequest: noStore, schema: { hide: true } },
    (_request, reply) => reply.status(404).send({ statusCode: 404, message: SAFETY_MESSAGES.shareNotFound }),
  );

  r.delete(
    routePath(API.tripShare.revoke),
    {
      // Who may share (riders) and the admins among them.
      config: { access: EMPLOYEE_ROLES },
      schema: {
        tags,
        summary: "Dejar de compartir: revoca el enlace (quien lo compartió o un administrador)",
        description: "Un token que no es un enlace de quien llama (ni administrador), 404.",
        params: tripShareTokenParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.revoke(currentUser(request), request.params.token),
  );
}
