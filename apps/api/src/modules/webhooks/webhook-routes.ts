import {
  errorResponses,
  integrationIdParamsSchema,
  messageResponseSchema,
  webhookCreateResponseSchema,
  webhookCreateSchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveryListResponseSchema,
  webhookListResponseSchema,
} from "@treiber/contract";
import { API, routePath } from "@treiber/contract/api-paths";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/access.js";
import type { WebhookCreator, WebhookService } from "./webhook-service.js";

const tags = ["Webhook"];
/** SuperAdmin; an API key with `webhooks:manage` reaches them too (the keys' scope map). */
const access = ["SuperAdmin" as const];

/** A key's caller names the key (its user, if any, is not who created the webhook). */
function creatorOf(request: FastifyRequest): WebhookCreator {
  const user = currentUser(request);
  return user.apiKey ? { userId: null, apiKeyId: user.apiKey.id } : { userId: user.id, apiKeyId: null };
}

/** Signed webhooks (issue 39, decision 0085). */
export function registerWebhookRoutes(app: FastifyInstance, service: WebhookService) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    routePath(API.webhook.create),
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Registrar un webhook: URL (http/https, que no apunte a direcciones privadas o locales salvo WEBHOOK_ALLOW_PRIVATE) y eventos; responde el secreto `whsec_…` una sola vez (firma Standard Webhooks)",
        body: webhookCreateSchema,
        response: { 201: webhookCreateResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.body, creatorOf(request))),
  );

  r.get(
    routePath(API.webhook.list),
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Webhooks registrados (sin su secreto), con entregas pendientes y fallidas en las últimas 24 h",
        response: { 200: webhookListResponseSchema, ...errorResponses },
      },
    },
    async () => service.list(),
  );

  r.delete(
    routePath(API.webhook.remove),
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Eliminar un webhook: no se le envía nada más (sus entregas pendientes fallan); su registro queda",
        params: integrationIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.remove(request.params.id),
  );

  r.get(
    routePath(API.webhook.deliveries),
    {
      config: { access },
      schema: {
        tags,
        summary:
          "Registro de entregas de un webhook, de la más reciente a la más antigua (estado y fechas opcionales, paginado)",
        params: integrationIdParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveryListResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.deliveries(request.params.id, request.query, request.clock),
  );

  r.post(
    routePath(API.webhook.replay),
    {
      config: { access },
      schema: {
        tags,
        summary: "Reenviar una entrega ahora, con el mismo `webhook-id` (un intento nuevo)",
        params: integrationIdParamsSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.replay(request.params.id),
  );
}
