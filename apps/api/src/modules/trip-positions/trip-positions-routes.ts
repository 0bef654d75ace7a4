import { errorResponses, messageResponseSchema, positionRequestSchema } from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { TripPositionsService } from "./trip-positions-service.js";

export function registerTripPositionRoutes(app: FastifyInstance, service: TripPositionsService) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/v1/IntermediateRoute/position",
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
          "(date en ISO 8601).",
        body: positionRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses, 429: errorResponses[400] },
      },
    },
    async (request) => {
      await service.record(currentUser(request), request.body);
      return { message: "Ubicación registrada" };
    },
  );
}
