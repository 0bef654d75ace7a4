import { errorResponseSchema } from "@treiber/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { unauthorized } from "../lib/http-error.js";
import type { Authenticate } from "../plugins/access.js";

const negotiateResponseSchema = z.object({
  negotiateVersion: z.number().int(),
  connectionId: z.string(),
  connectionToken: z.string(),
  availableTransports: z.array(z.object({ transport: z.string(), transferFormats: z.array(z.string()) })),
});

const HUB_DESCRIPTION = `Primer paso del cliente oficial \`@microsoft/signalr\` (protocolo JSON, solo WebSockets).
Luego se abre \`ws(s)://<host>/server?id=<connectionToken>&access_token=<token>\` (o con el encabezado
Authorization). El token de conexión es de un solo uso y vence a los 15 s.

**Eventos del servidor** (Invocation sin invocationId):
- \`ReceiveNotification(json)\`: a Admin/SuperAdmin; también a un colaborador cuando su ruta cambió
  (solo a él, «Tu ruta cambió: …»); un texto JSON con title, message, tag y messageJson.
- \`ReceivedDriverGeolocation(position)\`: al grupo \`intermediate-group-<id>\` y a los administradores;
  \`position = { intermediateRouteId: number, driverId: number, latitude: number, longitude: number, date: string (ISO 8601) }\`.
- \`FinishIntermediateRoute(...)\`: cuando termina una ruta.
- \`StartIntermediateRoute(trip)\`: a cada colaborador de la ruta cuando su viaje inicia;
  \`trip = { intermediateRouteId, routeId, routeNotScheduledId, routeName, startedDate }\`.
- \`ReceiveRiderAlert(alert)\`: a un colaborador cuando su bus salió, llega en ~5 min o va con retraso;
  \`alert = { kind: "DEPARTED" | "NEAR" | "LATE", intermediateRouteId, routeName, minutes, text, at }\`.

**Métodos del cliente** (nombres sin distinguir mayúsculas):
- \`JoinGroupIntermediateRoute(groupName)\` / \`LeaveGroupIntermediateRoute(groupName)\`: groupName
  \`intermediate-group-<id>\`; permitido a administradores, al chofer de la ruta y a colaboradores
  abordados en ella o asignados a su ruta.
- \`SendGeolocation(intermediateRouteId, latitude, longitude)\`: solo choferes, en su ruta en curso,
  como máximo una por segundo (alternativa REST: \`POST /api/v1/IntermediateRoute/position\`).
- \`SendGeolocationAt(intermediateRouteId, latitude, longitude, recordedAt)\`: lo mismo con la hora del
  teléfono (ISO 8601); una posición ya guardada con la misma hora no se guarda dos veces.

Ping cada 15 s; una conexión sin mensajes por 30 s se cierra. Al reiniciarse el servidor envía
Close con \`allowReconnect: true\`. Los grupos no sobreviven a una reconexión: el cliente vuelve a unirse.`;

/** `POST /server/negotiate?negotiateVersion=1`: bearer token (header or `access_token`) → connection token. */
export function registerNegotiateRoute(
  app: FastifyInstance,
  deps: {
    authenticate: Authenticate;
    issue(userId: number): { connectionId: string; connectionToken: string };
  },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/server/negotiate",
    {
      config: { access: "public" },
      // The URL may carry `access_token`: keep it out of the request log.
      logLevel: "warn",
      schema: {
        tags: ["Hub"],
        summary: "Negociar una conexión al hub en tiempo real /server (SignalR)",
        description: HUB_DESCRIPTION,
        querystring: z.object({
          negotiateVersion: z.string().max(4).optional(),
          access_token: z.string().max(4096).optional(),
        }),
        response: { 200: negotiateResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const header = request.headers.authorization;
      const token =
        (header?.startsWith("Bearer ") ? header.slice(7).trim() : undefined) ?? request.query.access_token;
      const user = token ? await deps.authenticate(token) : undefined;
      if (!user) throw unauthorized();
      const { connectionId, connectionToken } = deps.issue(user.id);
      return {
        negotiateVersion: 1,
        connectionId,
        connectionToken,
        availableTransports: [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }],
      };
    },
  );
}
