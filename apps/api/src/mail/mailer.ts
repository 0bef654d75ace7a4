import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.js";
import {
  dropOutboxBody,
  dropStaleOutboxBodies,
  findQueuedMails,
  insertOutboxMail,
} from "./mail-outbox-repository.js";

/** A file sent with a mail (a scheduled report's Excel): never written to the outbox. */
export type MailAttachment = { filename: string; content: Buffer; contentType?: string };
/**
 * `html`: an optional HTML part next to the text (the outbox keeps only the text). `attachments`
 * go only through SMTP: the outbox keeps who and what subject, never the files (issue 39).
 */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};
/** What became of a mail: sent through SMTP, failed there, or only in the outbox (no SMTP_URL). */
export type MailOutcome = "sent" | "failed" | "outbox";
export type Mailer = {
  /** Never rejects for an SMTP error (logged, kept in the outbox row); resolves to the outcome. */
  send(mail: Mail): Promise<MailOutcome>;
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
  async function deliver(id: number, mail: Mail, sender: NonNullable<typeof transport>): Promise<boolean> {
    try {
      await sender.sendMail({
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html && { html: mail.html }),
        ...(mail.attachments?.length && { attachments: mail.attachments }),
      });
      await dropOutboxBody(db, id, { sentAt: new Date() });
      return true;
    } catch (error) {
      log.error({ err: error, mailTo: mail.to }, "mail not sent");
      await dropOutboxBody(db, id, {
        error: error instanceof Error ? error.message.slice(0, 500) : "error",
      });
      return false;
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
        return "outbox";
      }
      return (await deliver(id, mail, transport)) ? "sent" : "failed";
    },
  };
}
