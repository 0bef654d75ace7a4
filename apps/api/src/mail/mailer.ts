import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/client.js";
import { mailOutbox } from "../db/schema.js";

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/**
 * Every mail is written to the outbox table first. With SMTP_URL it is then sent (and marked);
 * without it, the log shows it so a developer can read the code or temporary password.
 */
export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await options.db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, body: mail.text })
        .returning({ id: mailOutbox.id });
      if (!transport || !row) {
        options.log.info(
          { mailTo: mail.to, subject: mail.subject, body: mail.text },
          "mail (sin SMTP_URL: solo outbox)",
        );
        return;
      }
      try {
        await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text });
        await options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        options.log.error({ err: error, mailTo: mail.to }, "mail not sent");
        await options.db
          .update(mailOutbox)
          .set({ error: error instanceof Error ? error.message.slice(0, 500) : "error" })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
