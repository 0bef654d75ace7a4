import type { Agent } from "node:https";
import type { RiderAlert } from "@treiber/contract";
import webPush from "web-push";
import type { VapidKeys } from "../../config.js";
import type { PushRepository } from "./push-repository.js";

/** How long one push service may take to answer (ms): a slow one never holds the alerts back. */
export const PUSH_TIMEOUT_MS = 5_000;
/** A push service keeps an undelivered alert this long (s): an old "llega en ~5 min" is useless. */
export const PUSH_TTL_SECONDS = 15 * 60;

type Log = { warn(object: object, message: string): void };

export type PushSender = {
  /** Sends the alert to every subscription of the user; never throws. Resolves to how many took it. */
  sendRiderAlert(userId: number, alert: RiderAlert): Promise<number>;
};

/**
 * Web Push with the server's VAPID identity (`web-push`, payload encrypted aes128gcm). A
 * subscription the push service calls gone (404, 410) is deleted; any other failure is logged.
 */
export function createPushSender(options: {
  repository: PushRepository;
  vapid: VapidKeys;
  log: Log;
  timeoutMs?: number;
  /** The HTTPS agent to reach the push services with (default Node's; tests trust their own CA). */
  agent?: Agent;
}): PushSender {
  const { repository, vapid, log } = options;
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  return {
    async sendRiderAlert(userId, alert) {
      let delivered = 0;
      try {
        const subscriptions = await repository.ofUsers([userId]);
        const payload = JSON.stringify(alert);
        await Promise.all(
          subscriptions.map(async (subscription) => {
            try {
              await webPush.sendNotification(
                {
                  endpoint: subscription.endpoint,
                  keys: { p256dh: subscription.p256dh, auth: subscription.auth },
                },
                payload,
                {
                  vapidDetails,
                  TTL: PUSH_TTL_SECONDS,
                  urgency: "high",
                  timeout: options.timeoutMs ?? PUSH_TIMEOUT_MS,
                  contentEncoding: "aes128gcm",
                  ...(options.agent && { agent: options.agent }),
                },
              );
              delivered++;
            } catch (error) {
              const status = (error as { statusCode?: number }).statusCode;
              if (status === 404 || status === 410) {
                await repository.removeById(subscription.id).catch(() => undefined);
              } else {
                log.warn(
                  { status, host: hostOf(subscription.endpoint) },
                  "no se pudo enviar un aviso Web Push",
                );
              }
            }
          }),
        );
      } catch (error) {
        log.warn({ err: error }, "no se pudieron leer las suscripciones Web Push");
      }
      return delivered;
    },
  };
}

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return "";
  }
};
