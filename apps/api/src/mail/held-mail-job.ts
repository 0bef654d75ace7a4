import type { Db } from "../db/client.js";
import { releaseHeldMails, summarizeHeldMails } from "./mail-outbox-repository.js";
import type { Mailer } from "./mailer.js";

export type HeldMailJob = ReturnType<typeof createHeldMailJob>;

/**
 * Held mails (issue 33: an import's invitations «sin enviar» until go-live, `mail_outbox.send_at`)
 * leave on their date: every instance asks each `tickMs` (1 minute) and lets go those due, each
 * exactly once across instances (the release is one conditional UPDATE), then sends them like any
 * queued mail (without SMTP_URL they stay in the outbox). An admin may let them all go earlier.
 */
export function createHeldMailJob(options: {
  db: Db;
  mailer: Mailer;
  tickMs?: number;
  now?: () => number;
  onError?: (error: unknown) => void;
}) {
  const { db, mailer } = options;
  const tickMs = options.tickMs ?? 60_000;
  const now = options.now ?? Date.now;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  /** Lets go and sends the held mails due by `at` (default now); their ids. Resolves once sent. */
  async function sendDue(at = new Date(now())): Promise<number[]> {
    const ids = await releaseHeldMails(db, at);
    await mailer.sendQueued(ids);
    return ids;
  }

  function tick() {
    if (running || stopped) return;
    running = sendDue()
      .catch((error) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    sendDue,
    /** «Enviar invitaciones»: every held mail, now; how many. Sending goes on in the background. */
    async sendAllNow(): Promise<number> {
      const ids = await releaseHeldMails(db);
      void mailer.sendQueued(ids);
      return ids.length;
    },
    /** How many wait, and for when. */
    summary: () => summarizeHeldMails(db),
    /** Ticks every `tickMs`, never keeping the process alive. */
    start() {
      if (timer || stopped) return;
      timer = setInterval(tick, tickMs);
      timer.unref();
      setTimeout(tick, Math.min(tickMs, 10_000)).unref();
    },
    /** Stops ticking and waits for a run in progress. */
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
