/**
 * Issue 33, «crear sin enviar»: an import with `invitationsOn` creates the accounts and holds their
 * invitations (temporary passwords) in the outbox: nothing is sent before 6:00 of that day on the
 * admin's clock, when the held-mail job sends them, or before an admin's «Enviar invitaciones».
 * Its own database: `Import/invitations/send` lets go every held mail of the database.
 */
import {
  IMPORT_INVITATIONS_FIELD,
  IMPORT_INVITATIONS_MAX_DAYS,
  IMPORT_MESSAGES,
  type ImportReport,
} from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { inArray } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../../src/db/schema.js";
import { createHeldMailJob } from "../../src/mail/held-mail-job.js";
import { dropStaleOutboxBodies } from "../../src/mail/mail-outbox-repository.js";
import { createMailer } from "../../src/mail/mailer.js";
import {
  csvOf,
  DRIVER_IMPORT_COLUMNS,
  driverCells,
  EMPLOYEE_IMPORT_COLUMNS,
  employeeCells,
  importForm,
} from "../helpers/import-factories.js";
import { startSmtp } from "../helpers/smtp-server.js";
import {
  buildTestApp,
  createBranchOffice,
  createSupplier,
  type SignedIn,
  signedInAs,
  testConfig,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

useOwnTestDatabase();

const DAY_MS = 86_400_000;
/** The admin's clock: UTC-4 (the Dominican Republic), `GMT: 4`. */
const GMT = "4";

let app: FastifyInstance;
let admin: SignedIn;
let collaborator: SignedIn;
let office: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestApp({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }) });
  admin = await signedInAs(app, "Admin");
  collaborator = await signedInAs(app, "Collaborator");
  office = (await createBranchOffice()).name;
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

/** `MM/DD/YYYY` of the day `days` from today on the admin's clock (UTC-4). */
function localDate(days: number) {
  const local = new Date(Date.now() - 4 * 3_600_000 + days * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(local.getUTCMonth() + 1)}/${pad(local.getUTCDate())}/${local.getUTCFullYear()}`;
}
/** 6:00 in UTC-4 of `MM/DD/YYYY`: 10:00 UTC. */
const sixInTheMorning = (date: string) => {
  const [month, day, year] = date.split("/").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day, 10));
};

function importPeople(
  file: Buffer,
  options: { dryRun?: boolean; invitationsOn?: string; path?: string; headers?: Record<string, string> } = {},
) {
  const fields: Record<string, string> =
    options.invitationsOn === undefined ? {} : { [IMPORT_INVITATIONS_FIELD]: options.invitationsOn };
  return app.inject({
    method: "POST",
    url: `${options.path ?? API.employee.import.path}${options.dryRun ? "?dryRun=true" : ""}`,
    headers: options.headers ?? { ...admin.headers, gmt: GMT },
    payload: importForm(file, fields),
  });
}
const report = (response: LightMyRequestResponse) => response.json() as ImportReport;
const employeesCsv = (rows: Record<string, string | null>[]) => csvOf(EMPLOYEE_IMPORT_COLUMNS, rows);

async function mailsTo(emails: string[]) {
  const { db } = await testDatabase();
  return db.select().from(mailOutbox).where(inArray(mailOutbox.to, emails)).orderBy(mailOutbox.id);
}
const receivedBy = (email: string) => smtp.received.filter((message) => message.includes(email));

async function settled(emails: string[]) {
  for (let i = 0; i < 200; i++) {
    const mails = await mailsTo(emails);
    if (mails.length === emails.length && mails.every((mail) => mail.sentAt || mail.error)) return mails;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the mails were not sent");
}

describe("held invitations («crear sin enviar»)", () => {
  it("the preview says when they leave; the commit holds them until 6:00 of that day, then the job sends them", async () => {
    const rows = [employeeCells(office), employeeCells(office)];
    const emails = rows.map((row) => String(row.email));
    const date = localDate(3);
    const sendAt = sixInTheMorning(date);

    const preview = await importPeople(employeesCsv(rows), { dryRun: true, invitationsOn: date });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(report(preview).invitations).toEqual({ count: 2, sendAt: sendAt.toISOString() });

    const done = await importPeople(employeesCsv(rows), { invitationsOn: date });
    expect(done.statusCode, done.body).toBe(200);
    expect(report(done)).toMatchObject({
      created: 2,
      invitations: { count: 2, sendAt: sendAt.toISOString() },
    });
    const held = await mailsTo(emails);
    expect(held).toHaveLength(2);
    for (const mail of held) {
      expect(mail).toMatchObject({ sendAt, releasedAt: null, sentAt: null, error: null });
      expect(mail.body).toContain("Contraseña temporal");
    }
    // Not sent after the commit (it would have by now), nor forgotten by the outbox's clean-up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const email of emails) expect(receivedBy(email)).toEqual([]);
    const { db } = await testDatabase();
    await dropStaleOutboxBodies(db, new Date(Date.now() + 30 * DAY_MS));
    expect((await mailsTo(emails)).every((mail) => mail.body !== "")).toBe(true);

    const summary = await app.inject({
      method: "GET",
      url: API.importInvitation.held.path,
      headers: admin.headers,
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toEqual({
      held: 2,
      nextSendAt: sendAt.toISOString(),
      lastSendAt: sendAt.toISOString(),
    });

    // The job, asked at any time before 6:00 of that day, sends nothing; at 6:00 it sends both.
    const mailer = createMailer({
      db,
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: "Treiber <t@t.do>",
      log: app.log,
      logBodies: false,
    });
    const job = createHeldMailJob({ db, mailer });
    expect(await job.sendDue(new Date())).toEqual([]);
    expect(await job.sendDue(new Date(sendAt.getTime() - 60_000))).toEqual([]);
    for (const email of emails) expect(receivedBy(email)).toEqual([]);
    expect(await job.sendDue(sendAt)).toEqual(held.map((mail) => mail.id));
    for (const email of emails) expect(receivedBy(email)).toHaveLength(1);
    const sent = await mailsTo(emails);
    for (const mail of sent) expect(mail).toMatchObject({ body: "", error: null, sendAt });
    expect(sent.every((mail) => mail.sentAt instanceof Date && mail.releasedAt instanceof Date)).toBe(true);
    // Once only.
    expect(await job.sendDue(new Date(sendAt.getTime() + DAY_MS))).toEqual([]);
    for (const email of emails) expect(receivedBy(email)).toHaveLength(1);
  });

  it("«Enviar invitaciones» sends every held one now, drivers' too; an import without a date sends at once", async () => {
    const supplier = (await createSupplier()).name;
    const employee = employeeCells(office);
    const driver = driverCells(supplier);
    const date = localDate(IMPORT_INVITATIONS_MAX_DAYS);
    expect((await importPeople(employeesCsv([employee]), { invitationsOn: date })).statusCode).toBe(200);
    const drivers = await importPeople(csvOf(DRIVER_IMPORT_COLUMNS, [driver]), {
      invitationsOn: date,
      path: API.driver.import.path,
    });
    expect(drivers.statusCode, drivers.body).toBe(200);
    const emails = [String(employee.email), String(driver.email)];
    const send = (session: SignedIn) =>
      app.inject({ method: "POST", url: API.importInvitation.send.path, headers: session.headers });
    expect((await send(collaborator)).statusCode).toBe(403);
    const summary = await app.inject({
      method: "GET",
      url: API.importInvitation.held.path,
      headers: admin.headers,
    });
    expect(summary.json()).toMatchObject({ held: 2 });

    const answer = await send(admin);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ sent: 2 });
    const mails = await settled(emails);
    expect(mails.every((mail) => mail.error === null && mail.sentAt instanceof Date)).toBe(true);
    for (const email of emails) expect(receivedBy(email)).toHaveLength(1);
    const after = await app.inject({
      method: "GET",
      url: API.importInvitation.held.path,
      headers: admin.headers,
    });
    expect(after.json()).toEqual({ held: 0, nextSendAt: null, lastSendAt: null });
    expect((await send(admin)).json()).toEqual({ sent: 0 });

    const now = employeeCells(office);
    const direct = await importPeople(employeesCsv([now]));
    expect(report(direct).invitations).toEqual({ count: 1, sendAt: null });
    const [mail] = await settled([String(now.email)]);
    expect(mail).toMatchObject({ sendAt: null, error: null });
    expect(receivedBy(String(now.email))).toHaveLength(1);
  });

  it("refuses a date that is not MM/DD/YYYY, today or before, too far ahead, or without the GMT header", async () => {
    const file = employeesCsv([employeeCells(office)]);
    const refused = async (invitationsOn: string, message: string, headers?: Record<string, string>) => {
      const response = await importPeople(file, { dryRun: true, invitationsOn, ...(headers && { headers }) });
      expect(response.statusCode, invitationsOn).toBe(400);
      expect(response.json().message).toBe(message);
    };
    await refused("2030-01-15", IMPORT_MESSAGES.invitationsOnInvalid);
    await refused("02/30/2030", IMPORT_MESSAGES.invitationsOnInvalid);
    await refused(localDate(0), IMPORT_MESSAGES.invitationsOnPast);
    await refused(localDate(-2), IMPORT_MESSAGES.invitationsOnPast);
    await refused(localDate(IMPORT_INVITATIONS_MAX_DAYS + 1), IMPORT_MESSAGES.invitationsOnTooFar);
    const { gmt: _, ...noGmt } = admin.headers;
    const response = await importPeople(file, { dryRun: true, invitationsOn: localDate(2), headers: noGmt });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("GMT");
    // Blank: sent at once, as without the field.
    const blank = await importPeople(file, { dryRun: true, invitationsOn: " " });
    expect(report(blank).invitations).toEqual({ count: 1, sendAt: null });
  });
});
