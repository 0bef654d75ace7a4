import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { WebhookEvent } from "@treiber/contract";
import type { Db, Tx } from "../../db/client.js";
import { hasSubscribers, insertDeliveries } from "./webhook-repository.js";

/**
 * Told when events were queued in this process: the webhook workers look at once (about 20 ms
 * later, once the writing transaction has committed) instead of at their next tick.
 */
export const webhookWake = new EventEmitter();
webhookWake.setMaxListeners(0);
const WAKE_DELAY_MS = 20;

/** A Standard Webhooks message id: `msg_` + 128 random bits (base64url). */
export const newMessageId = () => `msg_${randomBytes(16).toString("base64url")}`;

/** The body every delivery sends (Standard Webhooks' `{ type, timestamp, data }`). */
export type WebhookPayload = { type: WebhookEvent; timestamp: string; data: Record<string, unknown> };

/**
 * Queues `type` for every webhook not deleted that subscribes to it, in the caller's transaction
 * (the event and the change commit together, or neither). One row per webhook, all with the same
 * message id; a `messageId` the caller derives from the change (an incident's open) makes a
 * second queuing of the same change a no-op. `data`: ids and essentials, never secrets.
 */
export async function enqueueWebhookEvent(
  db: Db | Tx,
  type: WebhookEvent,
  data: Record<string, unknown>,
  options: { messageId?: string; at?: Date } = {},
): Promise<number> {
  const at = options.at ?? new Date();
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
  const messageId = options.messageId ?? newMessageId();
  const queued = await insertDeliveries(
    db,
    type,
    messageId,
    payload,
    new Date(Math.min(at.getTime(), Date.now())),
  );
  if (queued > 0) setTimeout(() => webhookWake.emit("wake"), WAKE_DELAY_MS).unref();
  return queued;
}

/**
 * Queues one `type` event per item of `data` (a bulk import's people), asking first whether any
 * webhook subscribes to it: without a subscriber, a 3,000-row import makes one query, not 3,000.
 */
export async function enqueueWebhookEvents(db: Db | Tx, type: WebhookEvent, data: Record<string, unknown>[]) {
  if (data.length === 0 || !(await hasSubscribers(db, type))) return 0;
  let queued = 0;
  for (const item of data) queued += await enqueueWebhookEvent(db, type, item);
  return queued;
}

/** A trip event's data: who drove what, when; riders counted, never named. */
export const tripEventData = (trip: {
  id: number;
  routeId: number | null;
  routeNotScheduledId: number | null;
  routeName: string;
  driverId: number;
  supplierId: number;
  status: string;
  startedDate: string;
  endedDate: string | null;
  amountCollaborators: number;
}) => ({
  intermediateRouteId: trip.id,
  routeId: trip.routeId,
  routeNotScheduledId: trip.routeNotScheduledId,
  routeName: trip.routeName,
  driverId: trip.driverId,
  supplierId: trip.supplierId,
  status: trip.status,
  startedAt: trip.startedDate,
  endedAt: trip.endedDate,
  riders: trip.amountCollaborators,
});
