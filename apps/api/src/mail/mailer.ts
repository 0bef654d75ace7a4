import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.js";
import {
  dropOutboxBody,
  dropStaleOutboxBodies,
  findQueuedMails,
  insertOutboxMail,
} from "./mail-outbox-repository.js";

/** `html`: an optional HTML part next to the text (the outbox keeps only the text). */
export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = {
  send(mail: Mail): Promise<void>;
  /**
   * Sends, in the background and one by one, mails a transaction already wrote to the outbox
   * (an import's temporary passwords: thousands, never inside the request). Without SMTP_URL they
   * stay in the outbox like every other mail. Resolves when done (tests wait for it); never rejects.
   */
  sendQueued(ids: readonly number[]): Promise<void>;
};

/** How many queued mails are read from the outbox at a time. */
const QUEUED_BATCH = 200;
/** How many queued mails' texts MAIL_LOG prints (the demo): an import may queue thousands. */
const QUEUED_LOG_LIMIT = 20;

/** How long an unsent mail's text stays in the outbox without SMTP (codes last 15 minutes). */
export const UNSENT_BODY_TTL_MS = 24 * 3_600_000;

/**
 * Every mail is written to the outbox table first. With SMTP_URL it is then sent and its text is
 * dropped (sent or failed: nothing resends it), so the outbox keeps only who, what subject and
 * when (issue 12 item 9: the texts carry reset codes and temporary passwords). Without SMTP_URL
 * the outbox is the only mailbox: the text stays 24 hours, and `logBodies` (the demo's MAIL_LOG,
 * never in production) also prints it in the log.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
  logBodies: boolean;
}): Mailer {
  const { db, log } = options;
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  async function deliver(id: number, mail: Mail, sender: NonNullable<typeof transport>) {
    try {
      await sender.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html && { html: mail.html }),
      });
      await dropOutboxBody(db, id, { sentAt: new Date() });
    } catch (error) {
      log.error({ err: error, mailTo: mail.to }, "mail not sent");
      await dropOutboxBody(db, id, {
        error: error instanceof Error ? error.message.slice(0, 500) : "error",
      });
    }
  }

  return {
    async sendQueued(ids) {
      if (ids.length === 0) return;
      try {
        if (!transport) {
          await dropStaleOutboxBodies(db, new Date(Date.now() - UNSENT_BODY_TTL_MS));
          if (options.logBodies) {
            for (const mail of await findQueuedMails(db, ids.slice(0, QUEUED_LOG_LIMIT))) {
              log.info(
                { mailTo: mail.to, subject: mail.subject, body: mail.text },
                "mail (sin SMTP_URL: solo outbox)",
              );
            }
          }
          log.info({ mails: ids.length }, "mails sin enviar (sin SMTP_URL): en la tabla mail_outbox");
          return;
        }
        for (let start = 0; start < ids.length; start += QUEUED_BATCH) {
          for (const mail of await findQueuedMails(db, ids.slice(start, start + QUEUED_BATCH))) {
            await deliver(mail.id, mail, transport);
          }
        }
      } catch (error) {
        log.error({ err: error, mails: ids.length }, "queued mails not sent");
      }
    },

    async send(mail) {
      const id = await insertOutboxMail(db, mail);
      if (!transport || id === undefined) {
        await dropStaleOutboxBodies(db, new Date(Date.now() - UNSENT_BODY_TTL_MS));
        if (options.logBodies) {
          log.info(
            { mailTo: mail.to, subject: mail.subject, body: mail.text },
            "mail (sin SMTP_URL: solo outbox)",
          );
        } else {
          log.info(
            { mailTo: mail.to, subject: mail.subject },
            "mail sin enviar (sin SMTP_URL): en la tabla mail_outbox",
          );
        }
        return;
      }
      await deliver(id, mail, transport);
    },
  };
}
