import {
  EMPLOYEE_ROLES,
  errorResponses,
  FIELD_BATCH_PATH_MESSAGE,
  type FieldBatchAction,
  fieldBatchRequestSchema,
  fieldBatchResponseSchema,
  type Role,
} from "@treiber/contract";
import { API, API_PREFIX, type ApiEndpoint, clientPath, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** The field actions Treiber App queues (the outbox's paths, under the clients' baseURL). */
const FIELD_ACTIONS: readonly ApiEndpoint[] = [
  API.intermediateRoute.start,
  API.intermediateRoute.end,
  API.intermediateRoute.position,
  API.intermediateRoute.comment,
  API.transportService.scan,
  API.transportService.manual,
  API.transportService.cancel,
  // Issue 35: «No viajaré» / «Sí viajaré» queued offline, and «Ausente» at the stop.
  API.booking.cancel,
  API.booking.confirm,
  API.transportService.noShow,
  // Issue 38: an SOS raised offline (sent once, with the phone's time), its positions, «Sí, llegué bien».
  API.sos.raise,
  API.sos.position,
  API.safeArrival.confirm,
];
const ALLOWED = new Set(FIELD_ACTIONS.map((endpoint) => `${endpoint.method} ${clientPath(endpoint)}`));

/** Treiber App's users: collaborators (and admins) and drivers; a supplier's user has no field app. */
const FIELD_ROLES: readonly Role[] = [...EMPLOYEE_ROLES, "Driver"];

/** Answers after which the outbox stops and retries later: nothing behind them may overtake them. */
const isRetried = (statusCode: number) => statusCode >= 500 || [401, 408, 429].includes(statusCode);

/** The caller's own headers that every action of the batch carries (session, clock, client). */
const FORWARDED_HEADERS = ["authorization", "gmt", "user-agent", "accept-language"] as const;

/**
 * `POST FieldAction/batch`: the actions Treiber App queued during an outage, applied in order in one
 * request (decision 0046). Each goes through its own route, as if sent alone (schema, access,
 * throttles, actionId applied once), with the caller's headers and IP; the answer lists each one's
 * status and body. It stops after the first answer the outbox retries (5xx, 401, 408, 429): what
 * follows stays queued behind it.
 */
export function registerFieldBatchRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    routePath(API.fieldAction.batch),
    {
      config: { access: FIELD_ROLES },
      schema: {
        tags: ["FieldAction"],
        summary: "(Treiber App) Enviar en una petición las acciones guardadas sin conexión",
        description:
          "Hasta 25 acciones de campo (`IntermediateRoute/Start`, `End`, `position`, `comment`, " +
          "`TransportService`, `TransportService/manual`, `TransportService/cancelService`, " +
          "`TransportService/noShow`, `Booking/cancel`, `Booking/confirm`, `Sos`, `Sos/position`, " +
          "`SafeArrival/confirm`), cada una " +
          "con su `actionId`, aplicadas en orden con las mismas reglas y permisos que enviadas solas. " +
          "`results` trae el código y el cuerpo de cada una, en orden; termina en la primera respuesta " +
          "que se reintenta (5xx, 401, 408, 429) y las siguientes no se aplican. Una acción de otra " +
          "ruta se responde con 400.",
        body: fieldBatchRequestSchema,
        response: { 200: fieldBatchResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const results: { statusCode: number; body: unknown }[] = [];
      for (const action of request.body.actions) {
        const result = await applyOne(app, request, action);
        results.push(result);
        if (isRetried(result.statusCode)) break;
      }
      return { results };
    },
  );
}

async function applyOne(app: FastifyInstance, request: FastifyRequest, action: FieldBatchAction) {
  if (!ALLOWED.has(`${action.method} ${action.path}`)) {
    return { statusCode: 400, body: { statusCode: 400, message: FIELD_BATCH_PATH_MESSAGE } };
  }
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const response = await app.inject({
    method: action.method,
    url: `${API_PREFIX}${action.path}`,
    headers,
    payload: action.body,
    remoteAddress: request.ip,
  });
  let body: unknown = null;
  try {
    body = response.json();
  } catch {
    // An empty or non-JSON answer: its status says enough.
  }
  return { statusCode: response.statusCode, body };
}
