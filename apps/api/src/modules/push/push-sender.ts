import type { NoticePush, RiderAlert, SafeArrivalPush, SosPush } from "@treiber/contract";
import webPush from "web-push";
import type { VapidKeys } from "../../config.js";
import { pinnedAgent } from "./pinned-agent.js";
import { pushDestination, type ResolveHost, systemResolveHost } from "./push-destination.js";
import type { PushRepository } from "./push-repository.js";

/** How long one push service may take to answer (ms): a slow one never holds the alerts back. */
export const PUSH_TIMEOUT_MS = 5_000;
/** A push service keeps an undelivered alert this long (s): an old "llega en ~5 min" is useless. */
export const PUSH_TTL_SECONDS = 15 * 60;
/**
 * A notice («Tu ruta cambió») is kept a day: a phone off overnight still hears of tomorrow's stop
 * (it is in Treiber App's «Avisos» anyway).
 */
export const NOTICE_PUSH_TTL_SECONDS = 24 * 3_600;
/** An SOS or a safe-arrival question is useless after an hour (the incident is open by then). */
export const SAFETY_PUSH_TTL_SECONDS = 3_600;

type Log = { warn(object: object, message: string): void };

export type PushSender = {
  /** Sends the alert to every subscription of the user; never throws. Resolves to how many took it. */
  sendRiderAlert(userId: number, alert: RiderAlert): Promise<number>;
  /** Sends a notice of the user's own («Tu ruta cambió») the same way; never throws. */
  sendNotice(userId: number, notice: NoticePush): Promise<number>;
  /**
   * Safety (issue 38): an SOS to an admin, «¿Llegó bien?» to a rider. Urgent, kept
   * SAFETY_PUSH_TTL_SECONDS; never throws.
   */
  sendSafety(userIds: number | readonly number[], payload: SosPush | SafeArrivalPush): Promise<number>;
};

/** How long a push service keeps it and how soon the phone must wake for it. */
type Delivery = { ttl: number; urgency: "high" | "normal" };

/**
 * Web Push with the server's VAPID identity (`web-push`, payload encrypted aes128gcm). A
 * subscription the push service calls gone (404, 410) is deleted; any other failure is logged.
 * Each send first checks where it goes (`pushDestination`, issue 32): an endpoint that is not a
 * public push service is deleted like a gone one and never connected to; the connection goes to
 * the checked addresses only (`pinnedAgent`) and a redirect is a failure (`web-push` follows none).
 */
export function createPushSender(options: {
  repository: PushRepository;
  vapid: VapidKeys;
  log: Log;
  timeoutMs?: number;
  /** Resolves the push services' names (default the system's); tests give their own answers. */
  resolve?: ResolveHost;
  /** Hosts exempt from the public-address rule (config `pushAllowedPrivateHosts`, tests only). */
  allowedPrivateHosts?: readonly string[];
  /** Trusted roots instead of Node's (tests' local push service has its own certificate). */
  ca?: string | Buffer;
}): PushSender {
  const { repository, vapid, log } = options;
  const vapidDetails = { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey };
  const timeout = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const destinationOptions = {
    resolve: options.resolve ?? systemResolveHost,
    allowedPrivateHosts: options.allowedPrivateHosts ?? [],
    timeoutMs: timeout,
  };
  /** To every subscription of the users, read in one query (an SOS tells all the admins at once). */
  async function send(userIds: readonly number[], payload: string, delivery: Delivery) {
    let delivered = 0;
    if (userIds.length === 0) return delivered;
    try {
      const subscriptions = await repository.ofUsers([...userIds]);
      await Promise.all(
        subscriptions.map(async (subscription) => {
          const destination = await pushDestination(subscription.endpoint, destinationOptions);
          if (!destination.ok) {
            // Only the reason and the host: the endpoint's path identifies the phone.
            const facts = { reason: destination.reason, host: hostOf(subscription.endpoint) };
            if (destination.reason === "unresolved") {
              log.warn(facts, "no se pudo enviar un aviso Web Push");
            } else {
              await repository.removeById(subscription.id).catch(() => undefined);
              log.warn(facts, "suscripción Web Push rechazada: no es un servicio push público");
            }
            return;
          }
          const agent = pinnedAgent(destination.url.hostname, destination.addresses, options.ca);
          try {
            await webPush.sendNotification(
              {
                // As the check read it: web-push's own parser sees the same host.
                endpoint: destination.url.href,
                keys: { p256dh: subscription.p256dh, auth: subscription.auth },
              },
              payload,
              {
                vapidDetails,
                TTL: delivery.ttl,
                urgency: delivery.urgency,
                timeout,
                contentEncoding: "aes128gcm",
                agent,
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
          } finally {
            agent.destroy();
          }
        }),
      );
    } catch (error) {
      log.warn({ err: error }, "no se pudieron leer las suscripciones Web Push");
    }
    return delivered;
  }

  return {
    sendRiderAlert: (userId, alert) =>
      send([userId], JSON.stringify(alert), { ttl: PUSH_TTL_SECONDS, urgency: "high" }),
    sendNotice: (userId, notice) =>
      send([userId], JSON.stringify(notice), { ttl: NOTICE_PUSH_TTL_SECONDS, urgency: "normal" }),
    sendSafety: (userIds, payload) =>
      send(typeof userIds === "number" ? [userIds] : userIds, JSON.stringify(payload), {
        ttl: SAFETY_PUSH_TTL_SECONDS,
        urgency: "high",
      }),
  };
}

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return "";
  }
};
