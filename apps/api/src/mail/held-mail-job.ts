import type { Db } from "../db/client.js";
import { createJobTicker } from "../lib/job-ticker.js";
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
  /** Lets go and sends the held mails due by `at` (default now); their ids. Resolves once sent. */
  async function sendDue(at = new Date(now())): Promise<number[]> {
    const ids = await releaseHeldMails(db, at);
    await mailer.sendQueued(ids);
    return ids;
  }

  const ticker = createJobTicker({ tickMs, run: () => sendDue(), onError: options.onError });

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
    start: ticker.start,
    /** Stops ticking and waits for a run in progress. */
    stop: ticker.stop,
  };
}
