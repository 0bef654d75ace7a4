import { errorResponses, messageResponseSchema, positionRequestSchema } from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { withRetryAfter } from "../../lib/retry-after.js";
import { currentUser } from "../../plugins/access.js";
import type { TripPositionsService } from "./trip-positions-service.js";

export function registerTripPositionRoutes(app: FastifyInstance, service: TripPositionsService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    routePath(API.intermediateRoute.position),
    {
      config: { access: ["Driver"] },
      schema: {
        tags: ["IntermediateRoute"],
        summary: "Enviar la ubicación del chofer en su ruta en curso (alternativa REST al hub)",
        description:
          "Mismas reglas que el método `SendGeolocation` del hub `/server`: solo el chofer de la ruta, " +
          "con la ruta en curso (InProgress), coordenadas válidas y como máximo una por segundo. " +
          "La posición se guarda en el recorrido, queda como última posición de la ruta y se envía " +
          "por el hub como `ReceivedDriverGeolocation` al grupo `intermediate-group-<id>` y a los " +
          "administradores con `{ intermediateRouteId, driverId, latitude, longitude, date }` " +
          "(date en ISO 8601). Treiber App: con `actionId` (UUID) la posición se aplica una sola vez " +
          "por usuario (una repetición devuelve el primer resultado; con otros datos, 409); con `recordedAt` (hora ISO 8601 " +
          "del teléfono, posición guardada sin conexión) no aplica el límite de una por segundo y la hora " +
          "debe estar entre el inicio de la ruta y la hora del servidor (2 minutos de tolerancia); una a menos " +
          "de 950 ms de otra ya guardada de la ruta se acepta sin guardarse dos veces, y cada chofer envía " +
          "hasta 1.200 seguidas y luego 20 por segundo (si no, 429 con `Retry-After`).",
        body: positionRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses, 429: errorResponses[400] },
      },
    },
    async (request, reply) => {
      const { actionId, recordedAt, ...position } = request.body;
      if (actionId !== undefined) {
        const result = await withRetryAfter(reply, () =>
          service.recordOnce(currentUser(request), {
            ...position,
            actionId,
            ...(recordedAt !== undefined && { recordedAt }),
          }),
        );
        return reply.status(result.statusCode).send(result.body);
      }
      await service.record(currentUser(request), position);
      return { message: "Ubicación registrada" };
    },
  );
}
