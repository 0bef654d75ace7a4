import {
  API_KEY_RATE_LIMIT_PER_MINUTE,
  apiKeyCreateResponseSchema,
  apiKeyCreateSchema,
  apiKeyListResponseSchema,
  errorResponses,
  integrationIdParamsSchema,
  messageResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { ApiKeyService } from "./api-key-service.js";

const tags = ["ApiKey"];
/** A person's with a session: a key never manages keys (no scope maps these operations). */
const access = ["SuperAdmin"] as const;

/** «Claves de API» (issue 39, decision 0083): keys for the company's systems. */
export function registerApiKeyRoutes(app: FastifyInstance, service: ApiKeyService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.apiKey.create),
    {
      config: { access },
      schema: {
        tags,
        summary: "Crear una clave de API (se muestra una sola vez)",
        description:
          "`key` es `trb_` y 43 caracteres base64url (256 bits aleatorios); solo se guarda su SHA-256. " +
          "Se usa como `Authorization: Bearer trb_…` en las operaciones que sus permisos (`scopes`) " +
          "permiten; en las demás responde 403. Cada clave tiene su propio límite de solicitudes por " +
          `minuto (API_KEY_RATE_LIMIT_PER_MINUTE, ${API_KEY_RATE_LIMIT_PER_MINUTE} por omisión): 429.`,
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(currentUser(request), request.body)),
  );

  r.get(
    routePath(API.apiKey.list),
    {
      config: { access },
      schema: {
        tags,
        summary: "Claves de API: nombre, permisos, prefijo, último uso y revocación",
        response: { 200: apiKeyListResponseSchema, ...errorResponses },
      },
    },
    () => service.list(),
  );

  r.delete(
    routePath(API.apiKey.revoke),
    {
      config: { access },
      schema: {
        tags,
        summary: "Revocar una clave de API (queda en la lista como revocada)",
        description: "Desde entonces responde 401 (en otra instancia, a lo sumo 5 segundos después).",
        params: integrationIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    (request) => service.revoke(request.params.id),
  );
}
