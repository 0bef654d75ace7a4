import { API } from "@treiber/contract/api-paths";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.js";
import { loadConfig } from "../../src/config.js";
import { mailOutbox } from "../../src/db/schema.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { startSmtp } from "../helpers/smtp-server.js";
import { createUser, testConfig, testDatabase } from "../helpers/test-app.js";

/** Issue 12 item 9: the outbox keeps no secret once a mail is sent, and the log prints none in production. */

async function appWith(overrides: Record<string, string>, lines: string[]) {
  const app = await buildApp({
    config: testConfig({ LOG_LEVEL: "info", ...overrides }),
    database: await testDatabase(),
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
    logStream: { write: (line) => lines.push(line) },
  });
  await app.ready();
  return app;
}

async function settledMailTo(email: string) {
  const { db } = await testDatabase();
  for (let i = 0; i < 200; i++) {
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    if (mail && (mail.sentAt || mail.error)) return mail;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no mail settled for ${email}`);
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => new Promise<void>((resolve) => smtp.server.close(() => resolve())));

describe("mail outbox", () => {
  it("a sent reset code leaves only to, subject and sent_at in the outbox", async () => {
    const lines: string[] = [];
    const app = await appWith({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, lines);
    try {
      const user = await createUser();
      const response = await app.inject({
        method: "POST",
        url: API.auth.forgetPassword.path,
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      const mail = await settledMailTo(user.email);
      expect(mail.error).toBeNull();
      expect(mail.sentAt).toBeInstanceOf(Date);
      expect(mail.subject).not.toBe("");
      expect(mail.body).toBe("");
      const code = smtp.received.at(-1)?.match(/\b\d{8}\b/)?.[0];
      expect(code, "the code reached the SMTP server").toBeDefined();
      expect(lines.join("")).not.toContain(code);
    } finally {
      await app.close();
    }
  });

  it("a mail that fails to send keeps no text either", async () => {
    const app = await appWith({ SMTP_URL: "smtp://127.0.0.1:1" }, []);
    try {
      const user = await createUser();
      await app.inject({
        method: "POST",
        url: API.auth.forgetPassword.path,
        payload: { email: user.email },
      });
      const mail = await settledMailTo(user.email);
      expect(mail.error).not.toBeNull();
      expect(mail.body).toBe("");
    } finally {
      await app.close();
    }
  });

  it("without SMTP the log prints the text only when MAIL_LOG is on (the demo), never in production", async () => {
    for (const [overrides, printed] of [
      [{ MAIL_LOG: "false" }, false],
      [{ NODE_ENV: "production" }, false],
      [{ MAIL_LOG: "true" }, true],
      [{}, true],
    ] as const) {
      const lines: string[] = [];
      const app = await appWith(overrides, lines);
      try {
        const user = await createUser();
        await app.inject({
          method: "POST",
          url: API.auth.forgetPassword.path,
          payload: { email: user.email },
        });
        const { db } = await testDatabase();
        let body = "";
        for (let i = 0; i < 200 && !body; i++) {
          const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).limit(1);
          body = mail?.body ?? "";
          if (!body) await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const code = body.match(/\b\d{8}\b/)?.[0];
        expect(code, "the demo reads the code in mail_outbox").toBeDefined();
        // The mail is stored, then logged, after the answer: wait for its log line.
        for (let i = 0; i < 200 && !lines.join("").includes(user.email); i++) {
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        const log = lines.join("");
        expect(log).toContain(user.email);
        expect(log.includes(code as string), JSON.stringify(overrides)).toBe(printed);
      } finally {
        await app.close();
      }
    }
  });

  it("MAIL_LOG=true is refused with NODE_ENV=production", () => {
    expect(() =>
      loadConfig({
        JWT_SECRET: "x".repeat(40),
        DATA_DIR: "/tmp/t",
        MAIL_LOG: "true",
        NODE_ENV: "production",
      }),
    ).toThrow(/MAIL_LOG/);
  });
});
