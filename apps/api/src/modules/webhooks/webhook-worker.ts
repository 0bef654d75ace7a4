import { WEBHOOK_RETRY_HOURS } from "@treiber/contract";
import type { Db } from "../../db/client.js";
import { type ResolveHost, systemResolveHost } from "../push/push-destination.js";
import { webhookDestination } from "./webhook-destination.js";
import { webhookWake } from "./webhook-events.js";
import { postWebhook } from "./webhook-post.js";
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  claimDueDeliveries,
  recordAttempt,
} from "./webhook-repository.js";
import { signWebhook } from "./webhook-signature.js";

/** How often the worker looks for deliveries due (besides being woken by this process's events). */
export const WEBHOOK_TICK_MS = 1_000;
/** Deliveries claimed per round (sent in parallel). */
const BATCH = 50;
/**
 * The wait after each failed attempt (Standard Webhooks' usual schedule): 5 s, 5 min, 30 min,
 * 2 h, 5 h, then every 10 h, never past 24 h after the event (a last attempt at 24 h).
 */
export const WEBHOOK_BACKOFF_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000];
const RETRY_WINDOW_MS = WEBHOOK_RETRY_HOURS * 3_600_000;

/** When attempt `attempts` (1, 2, …) failed at `now`: the next attempt, or undefined (give up). */
export function nextAttemptAt(createdAt: Date, attempts: number, now: Date): Date | undefined {
  const deadline = createdAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return undefined;
  const wait = WEBHOOK_BACKOFF_MS[Math.min(attempts, WEBHOOK_BACKOFF_MS.length) - 1] ?? 36_000_000;
  return new Date(Math.min(now.getTime() + wait, deadline));
}

export type WebhookWorkerOptions = {
  db: Db;
  /** WEBHOOK_ALLOW_PRIVATE: private and loopback receivers allowed. */
  allowPrivate: boolean;
  /** WEBHOOK_TIMEOUT_SECONDS, in ms: a receiver slower than this failed the attempt. */
  timeoutMs: number;
  now?: () => number;
  tickMs?: number;
  resolve?: ResolveHost;
  onError: (error: unknown) => void;
};

/**
 * The webhooks' delivery worker (decision 0085): every second (and when this process queues an
 * event) it claims the deliveries due (`claimDueDeliveries`: once across instances), signs and
 * POSTs each, and records the outcome: 2xx delivered; anything else (status, timeout, refused
 * address) retried with backoff until 24 h after the event, then FAILED. Its whole state is the
 * table, so a restart (or another instance) carries on where it stopped.
 */
export function createWebhookWorker(options: WebhookWorkerOptions) {
  const { db } = options;
  const clock = options.now ?? Date.now;
  const resolve = options.resolve ?? systemResolveHost;
  // A claim outlives the longest send (DNS + POST) with margin; then another instance may retry.
  const leaseMs = options.timeoutMs * 2 + 30_000;

  async function attempt(delivery: ClaimedDelivery, now: Date): Promise<AttemptOutcome> {
    const failed = (statusCode: number | null, error: string): AttemptOutcome => {
      const next = nextAttemptAt(delivery.createdAt, delivery.attempts, now);
      return next
        ? { kind: "retry", statusCode, error, nextAttemptAt: next }
        : { kind: "failed", statusCode, error };
    };
    const destination = await webhookDestination(delivery.url, {
      resolve,
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
    });
    if (!destination.ok) {
      const reason =
        destination.reason === "private-address"
          ? "La URL apunta a una dirección privada o local"
          : destination.reason === "unresolved"
            ? "No se pudo resolver el servidor"
            : "URL inválida";
      return failed(null, reason);
    }
    const body = JSON.stringify(delivery.payload);
    const headers = signWebhook(delivery.secret, delivery.messageId, Math.floor(now.getTime() / 1000), body);
    const result = await postWebhook(destination, headers, body, options.timeoutMs);
    if ("error" in result) return failed(null, result.error);
    if (result.statusCode >= 200 && result.statusCode < 300) {
      return { kind: "succeeded", statusCode: result.statusCode, at: now };
    }
    return failed(result.statusCode, `El receptor respondió ${result.statusCode}`);
  }

  async function deliver(delivery: ClaimedDelivery, now: Date) {
    let outcome: AttemptOutcome;
    try {
      outcome = await attempt(delivery, now);
    } catch (error) {
      outcome = {
        kind: "retry",
        statusCode: null,
        error: error instanceof Error ? error.message : String(error),
        nextAttemptAt: new Date(now.getTime() + (WEBHOOK_BACKOFF_MS[0] ?? 5_000)),
      };
    }
    await recordAttempt(db, delivery.id, outcome);
    return outcome.kind;
  }

  /**
   * Sends every delivery due at `now` (default: the clock), round after round until none is left;
   * how many were delivered, retried later and failed for good.
   */
  async function run(now?: number) {
    const counts = { succeeded: 0, retry: 0, failed: 0 };
    for (;;) {
      const at = new Date(now ?? clock());
      const claimed = await claimDueDeliveries(db, at, BATCH, leaseMs);
      const kinds = await Promise.all(claimed.map((delivery) => deliver(delivery, at)));
      for (const kind of kinds) counts[kind]++;
      if (claimed.length < BATCH || stopped) return counts;
    }
  }

  let running: Promise<unknown> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    run,
    /** Starts ticking and listening to this process's events (the server; tests run by hand). */
    start() {
      if (timer || stopped) return;
      timer = setInterval(kick, options.tickMs ?? WEBHOOK_TICK_MS);
      timer.unref();
      webhookWake.on("wake", kick);
      kick();
    },
    /** Resolves when no round started by the timer or a wake is in progress. */
    async settled() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      webhookWake.off("wake", kick);
      while (running) await running;
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
