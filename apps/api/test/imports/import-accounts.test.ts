/**
 * The accounts an import creates (decision 0050): a random temporary password, hashed fast with
 * its own prefix, mailed through the outbox in the commit's transaction (and sent after it when
 * SMTP is set), good for signing in once and changing it, after which the hash is argon2id.
 */
import { API } from "@treiber/contract/api-paths";
import { desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../src/db/schema.js";
import type { AuthUser } from "../../src/lib/auth-user.js";
import { createMailer } from "../../src/mail/mailer.js";
import { createImportService } from "../../src/modules/imports/import-service.js";
import {
  DRIVER_IMPORT_COLUMNS,
  driverCells,
  EMPLOYEE_IMPORT_COLUMNS,
  employeeCells,
  memorySheet,
} from "../helpers/import-factories.js";
import { startSmtp } from "../helpers/smtp-server.js";
import { buildTestApp, createBranchOffice, createSupplier, testDatabase } from "../helpers/test-app.js";

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
const caller: AuthUser = { id: 0, role: "Admin" };

beforeAll(async () => {
  app = await buildTestApp();
  smtp = await startSmtp();
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  await app.close();
});

async function lastMailTo(email: string) {
  const { db } = await testDatabase();
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

async function accountOf(email: string) {
  const { db } = await testDatabase();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

const signIn = (email: string, password: string) =>
  app.inject({ method: "POST", url: API.auth.signIn.path, payload: { email, password } });

describe("imported accounts", () => {
  it("get a temporary password by mail that signs in once and must be changed (then argon2id)", async () => {
    const { db } = await testDatabase();
    const imports = createImportService({
      db,
      mailer: createMailer({ db, from: "Treiber <t@t.do>", log: app.log, logBodies: false }),
      geocoderUrl: undefined,
    });
    const office = await createBranchOffice();
    const row = employeeCells(office.name);
    const email = String(row.email);
    const outcome = await imports.employees.commit(memorySheet(EMPLOYEE_IMPORT_COLUMNS, [row]), caller);
    expect(outcome.status).toBe(200);

    const account = await accountOf(email);
    expect(account).toMatchObject({ role: "Collaborator", mustChangePassword: true, status: "active" });
    expect(account?.passwordHash).toMatch(/^\$treiber-sha256\$[\w-]{22}\$[\w-]{43}$/);
    const mail = await lastMailTo(email);
    expect(mail?.subject).toBe("Treiber: su cuenta fue creada");
    const temporary = /Contraseña temporal: (\S+)\./.exec(mail?.body ?? "")?.[1] ?? "";
    expect(temporary).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)[A-Za-z\d]{16}$/);

    expect((await signIn(email, `${temporary}x`)).statusCode).toBe(401);
    const session = await signIn(email, temporary);
    expect(session.statusCode).toBe(200);
    expect(session.json().mustChangePassword).toBe(true);
    const headers = { authorization: `Bearer ${session.json().token}`, gmt: "0" };
    const blocked = await app.inject({ method: "GET", url: API.employee.myRoutes.path, headers });
    expect(blocked.statusCode).toBe(403);

    const change = await app.inject({
      method: "PUT",
      url: API.auth.changePassword.path,
      headers,
      payload: { currentPassword: temporary, newPassword: "MiClaveNueva9" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await accountOf(email))?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await signIn(email, temporary)).statusCode).toBe(401);
    const again = await signIn(email, "MiClaveNueva9");
    expect(again.json().mustChangePassword).toBe(false);
  });

  it("with SMTP the mails leave after the commit, in the background, and the outbox drops their text", async () => {
    const { db } = await testDatabase();
    const imports = createImportService({
      db,
      mailer: createMailer({
        db,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: "Treiber <t@t.do>",
        log: app.log,
        logBodies: false,
      }),
      geocoderUrl: undefined,
    });
    const supplier = await createSupplier();
    const rows = [driverCells(supplier.name), driverCells(supplier.name)];
    const outcome = await imports.drivers.commit(memorySheet(DRIVER_IMPORT_COLUMNS, rows), caller);
    expect(outcome.report).toMatchObject({ created: 2, updated: 0 });
    for (const row of rows) {
      const email = String(row.email);
      let mail = await lastMailTo(email);
      for (let i = 0; i < 200 && !mail?.sentAt; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        mail = await lastMailTo(email);
      }
      expect(mail?.sentAt, email).toBeTruthy();
      expect(mail?.body).toBe("");
      expect(smtp.received.some((message) => message.includes(email) && /Contrase/.test(message))).toBe(true);
      expect((await accountOf(email))?.role).toBe("Driver");
    }
  });
});
