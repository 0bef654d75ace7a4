import {
  INTEGRATION_MESSAGES,
  type WebhookCreateResponse,
  type WebhookDeliveryItem,
  type WebhookDeliveryListResponse,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type WebhookListResponse,
  type webhookCreateSchema,
  type webhookDeliveriesQuerySchema,
} from "@treiber/contract";
import type { z } from "zod";
import type { Db } from "../../db/client.js";
import type { CallerClock } from "../../lib/caller-clock.js";
import { badRequest, notFound } from "../../lib/http-error.js";
import { type ResolveHost, systemResolveHost } from "../push/push-destination.js";
import type { RawRow } from "../reports/trip-scope.js";
import { webhookDestination } from "./webhook-destination.js";
import { webhookWake } from "./webhook-events.js";
import {
  deleteWebhook,
  insertWebhook,
  listDeliveries,
  listWebhooks,
  replayDelivery,
  webhookExists,
} from "./webhook-repository.js";
import { newWebhookSecret } from "./webhook-signature.js";

/** Who creates a webhook: a user (SuperAdmin) or an API key with `webhooks:manage`. */
export type WebhookCreator = { userId: number | null; apiKeyId: number | null };

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

function toDeliveryItem(row: RawRow): WebhookDeliveryItem {
  return {
    id: Number(row.id),
    webhookId: Number(row.webhook_id),
    messageId: String(row.message_id),
    event: row.event as WebhookEvent,
    status: row.status as WebhookDeliveryStatus,
    attempts: Number(row.attempts),
    lastStatusCode: row.last_status_code === null ? null : Number(row.last_status_code),
    lastError: (row.last_error as string | null) ?? null,
    nextAttemptAt: iso(row.next_attempt_at),
    createdAt: iso(row.created_at) as string,
    deliveredAt: iso(row.delivered_at),
    payload: typeof row.payload === "string" ? JSON.parse(row.payload) : row.payload,
  };
}

/** Webhooks (issue 39, decision 0085): create with a secret shown once, list, delete, the log, replay. */
export function createWebhookService(deps: {
  db: Db;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  resolve?: ResolveHost;
  now?: () => number;
}) {
  const { db } = deps;
  const now = () => new Date((deps.now ?? Date.now)());
  const resolve = deps.resolve ?? systemResolveHost;

  return {
    /**
     * The URL's name must not resolve to a private or local address (unless WEBHOOK_ALLOW_PRIVATE);
     * a name that does not resolve now is accepted: every send checks it again.
     */
    async create(
      body: z.output<typeof webhookCreateSchema>,
      creator: WebhookCreator,
    ): Promise<WebhookCreateResponse> {
      const destination = await webhookDestination(body.url, {
        resolve,
        allowPrivate: deps.allowPrivate,
        timeoutMs: 5_000,
      });
      if (!destination.ok && destination.reason !== "unresolved") {
        const message =
          destination.reason === "private-address"
            ? INTEGRATION_MESSAGES.webhookPrivate
            : INTEGRATION_MESSAGES.webhookUrl;
        throw badRequest(message, { url: message });
      }
      const secret = newWebhookSecret();
      const id = await insertWebhook(db, {
        url: body.url,
        events: body.events,
        description: body.description || null,
        secret,
        createdByUserId: creator.userId,
        createdByApiKeyId: creator.apiKeyId,
      });
      return { id, secret };
    },

    async list(): Promise<WebhookListResponse> {
      const rows = await listWebhooks(db, now());
      return {
        amount: rows.length,
        list: rows.map((row) => ({
          id: Number(row.id),
          url: String(row.url),
          events: row.events as WebhookEvent[],
          description: (row.description as string | null) ?? null,
          createdAt: iso(row.created_at) as string,
          createdBy: (row.created_by as string | null) ?? null,
          pending: Number(row.pending),
          failed: Number(row.failed),
          lastDeliveryAt: iso(row.last_delivery_at),
        })),
      };
    },

    async remove(id: number) {
      if (!(await deleteWebhook(db, id, now()))) throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
      return { message: "Webhook eliminado" };
    },

    async deliveries(
      id: number,
      query: z.output<typeof webhookDeliveriesQuerySchema>,
      clock: CallerClock,
    ): Promise<WebhookDeliveryListResponse> {
      // A deleted webhook's log stays readable.
      if (!(await webhookExists(db, id, { deleted: true }))) {
        throw notFound(INTEGRATION_MESSAGES.webhookNotFound);
      }
      const range = clock.optionalDayRange(query);
      const page = await listDeliveries(db, {
        webhookId: id,
        status: query.status,
        createdFrom: range?.from,
        createdTo: range?.to,
        amount: query.amount,
        skip: query.skip,
      });
      return { amount: page.amount, list: page.rows.map(toDeliveryItem) };
    },

    /** A new attempt now, with the same message id (`webhook-id`). */
    async replay(deliveryId: number) {
      if (!(await replayDelivery(db, deliveryId, now()))) {
        throw notFound(INTEGRATION_MESSAGES.deliveryNotFound);
      }
      webhookWake.emit("wake");
      return { message: INTEGRATION_MESSAGES.replayed };
    },
  };
}
export type WebhookService = ReturnType<typeof createWebhookService>;
