import {
  ADMIN_ROLES,
  EMPLOYEE_ROLES,
  errorResponseSchema,
  errorResponses,
  messageResponseSchema,
  type Role,
  SOS_FOLLOW_MINUTES,
  SOS_HOURLY_LIMIT,
  SOS_POSITION_INTERVAL_SECONDS,
  sosContactResponseSchema,
  sosIncidentParamsSchema,
  sosPositionRequestSchema,
  sosPositionsResponseSchema,
  sosRequestSchema,
  sosResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import { sendOnce } from "../client-actions/send-once.js";
import type { SosService } from "./sos-service.js";

const tags = ["Sos"];
/** Who may raise an SOS: Treiber App's riders (collaborators, admins) and drivers. */
const SOS_ROLES: readonly Role[] = [...EMPLOYEE_ROLES, "Driver"];

declare module "fastify" {
  interface FastifyInstance {
    /** The SOS's pushes and mails under way (issue 38): tests wait with `app.sos.settled()`. */
    sos: Pick<SosService, "settled">;
  }
}

/** Issue 38 (decision 0080): the SOS of Treiber App and the positions that follow it. */
export function registerSosRoutes(app: FastifyInstance, service: SosService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.decorate("sos", { settled: () => service.settled() });
  app.addHook("onClose", () => service.settled());

  r.post(
    routePath(API.sos.raise),
    {
      config: { access: SOS_ROLES },
      schema: {
        tags,
        summary: "(Treiber App) Enviar una alerta SOS al centro de control",
        description:
          "Abre una incidencia SOS (crítica, nunca se cierra sola) a la hora en que el servidor la " +
          "recibe, la anuncia por el hub (`ReceiveIncident`), la envía por Web Push a los " +
          "administradores de la sucursal y por correo a sus contactos de emergencia. Sin " +
          "`intermediateRouteId` se busca el viaje en curso de la persona o el que dejó hace 30 " +
          `minutos o menos; sin viaje se abre igual. Hasta ${SOS_HOURLY_LIMIT} por hora (luego 429; ` +
          "las anteriores siguen abiertas). Con `actionId` se aplica una sola vez (cola sin conexión).",
        body: sosRequestSchema,
        response: { 201: sosResponseSchema, ...errorResponses, 429: errorResponseSchema },
      },
    },
    (request, reply) => sendOnce(reply, service.raise(currentUser(request), request.body)),
  );

  r.post(
    routePath(API.sos.position),
    {
      config: { access: SOS_ROLES },
      schema: {
        tags,
        summary: "(Treiber App) Posición de la persona tras su alerta SOS",
        description:
          `Cada ${SOS_POSITION_INTERVAL_SECONDS} s durante ${SOS_FOLLOW_MINUTES} minutos tras su última ` +
          "alerta SOS (luego 409); se publica a los administradores (`ReceiveSosPosition`).",
        body: sosPositionRequestSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request, reply) => sendOnce(reply, service.position(currentUser(request), request.body)),
  );

  r.get(
    routePath(API.sos.contact),
    {
      config: { access: SOS_ROLES },
      schema: {
        tags,
        summary: "(Treiber App) Teléfono de emergencia de la sucursal y si el botón SOS se muestra ahora",
        response: { 200: sosContactResponseSchema, ...errorResponses },
      },
    },
    (request) => service.contact(currentUser(request)),
  );

  r.get(
    routePath(API.sos.positions),
    {
      config: { access: ADMIN_ROLES },
      schema: {
        tags,
        summary: "Quién envió una alerta SOS y las posiciones que la siguieron (la más antigua primero)",
        params: sosIncidentParamsSchema,
        response: { 200: sosPositionsResponseSchema, ...errorResponses },
      },
    },
    (request) => service.positions(request.params.incidentId),
  );
}
