import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentDigestRuns } from "../../src/db/schema.js";
import { digestMails } from "../../src/modules/documents/expiry-digest.js";
import { dmy, insertDocument, shiftDay, utcToday } from "../helpers/document-factories.js";
import { createVehicleDriver } from "../helpers/planning-factories.js";
import { startSmtp } from "../helpers/smtp-server.js";
import { createSupplierAccount } from "../helpers/supplier-portal-factories.js";
import {
  buildTestApp,
  createSupplier,
  createUser,
  testConfig,
  testDatabase,
  useOwnTestDatabase,
} from "../helpers/test-app.js";

/**
 * The daily digest (issue 37, decision 0078): at 07:00 on the branch offices' clock each supplier's
 * users get their papers expiring within 45 days or expired, the admins every supplier's; once a
 * day between instances, nothing when nothing expires. Its own database: the day's row is global.
 */
useOwnTestDatabase();

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let app: FastifyInstance;
beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestApp({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }) });
});
afterAll(async () => {
  await app.close();
  smtp.server.close();
});

const today = utcToday();
const day = (days: number) => shiftDay(today, days);
/** `HH:mm` UTC of today (the test app's branch offices are on UTC). */
const at = (hhmm: string) => Date.parse(`${today}T${hhmm}:00Z`);

async function scene() {
  const a = await createSupplier({ name: "Autobuses Alfa" });
  const b = await createSupplier({ name: "Buses Beta" });
  const quiet = await createSupplier({ name: "Carros Calma" });
  const ana = await createVehicleDriver(10, { name: "Ana", lastname: "Uno", supplierId: a.id });
  const otro = await createVehicleDriver(10, { name: "Otro", lastname: "Beta", supplierId: b.id });
  const calm = await createVehicleDriver(10, { name: "Calma", lastname: "Total", supplierId: quiet.id });
  await insertDocument({
    ownerType: "DRIVER",
    ownerId: ana.id,
    type: "LICENSE",
    expiresOn: day(-2),
    number: "LIC-1",
  });
  await insertDocument({
    ownerType: "VEHICLE",
    ownerId: ana.id,
    type: "INSURANCE",
    expiresOn: day(30),
    number: "SEG-1",
  });
  await insertDocument({
    ownerType: "VEHICLE",
    ownerId: otro.id,
    type: "ROUTE_PERMIT",
    expiresOn: day(1),
    number: "PER-2",
  });
  await insertDocument({ ownerType: "DRIVER", ownerId: calm.id, type: "LICENSE", expiresOn: day(400) });
  const users = {
    alfa: await createSupplierAccount(a.id),
    alfaGone: await createSupplierAccount(a.id, { status: "inactive" }),
    beta: await createSupplierAccount(b.id),
    calma: await createSupplierAccount(quiet.id),
    admin: await createUser({ role: "Admin" }),
    superAdmin: await createUser({ role: "SuperAdmin" }),
    adminGone: await createUser({ role: "Admin", status: "inactive" }),
  };
  return { a, b, users };
}

describe("the expiry digest", () => {
  let s: Awaited<ReturnType<typeof scene>>;
  beforeAll(async () => {
    s = await scene();
  });

  it("writes each supplier's users their own papers and the admins every supplier's, in Spanish", async () => {
    const { db } = await testDatabase();
    const { mails, papers, suppliers } = await digestMails(db, today);
    expect({ papers, suppliers }).toEqual({ papers: 3, suppliers: 2 });
    const to = (email: string) => mails.filter((mail) => mail.to === email);
    expect(to(s.users.alfaGone.email)).toEqual([]);
    expect(to(s.users.calma.email)).toEqual([]);
    expect(to(s.users.adminGone.email)).toEqual([]);

    const [alfa] = to(s.users.alfa.email);
    expect(alfa?.subject).toBe(`Treiber: documentos por vencer de Autobuses Alfa (${dmy(today)})`);
    expect(alfa?.text).toContain("Vencidos (1):");
    expect(alfa?.text).toContain(
      `- Licencia de conducir LIC-1 · Ana Uno: venció el ${dmy(day(-2))} (no puede iniciar viajes)`,
    );
    expect(alfa?.text).toContain("Por vencer en los próximos 45 días (1):");
    expect(alfa?.text).toMatch(
      new RegExp(`Seguro del vehículo SEG-1 · .*Ana Uno: vence el ${dmy(day(30))} \\(en 30 días\\)`),
    );
    expect(alfa?.text).not.toContain("PER-2");
    expect(alfa?.html).toContain("<li>Licencia de conducir LIC-1 · Ana Uno");

    const [beta] = to(s.users.beta.email);
    expect(beta?.text).toContain(`Permiso de ruta PER-2 · `);
    expect(beta?.text).toContain("(mañana)");
    expect(beta?.text).not.toContain("LIC-1");

    for (const admin of [s.users.admin, s.users.superAdmin]) {
      const [mail] = to(admin.email);
      expect(mail?.subject).toBe(`Treiber: documentos por vencer de los suplidores (${dmy(today)})`);
      expect(mail?.text).toContain("3 documentos de 2 suplidores");
      // Grouped by supplier, in order.
      const alfaAt = mail?.text.indexOf("AUTOBUSES ALFA") ?? -1;
      const betaAt = mail?.text.indexOf("BUSES BETA") ?? -1;
      expect(alfaAt).toBeGreaterThan(-1);
      expect(betaAt).toBeGreaterThan(alfaAt);
      expect(mail?.text).not.toContain("Carros Calma");
    }
  });

  it("sends nothing before 07:00 or when nothing expires, then once a day whoever runs it", async () => {
    const { db } = await testDatabase();
    // Long before any of these papers: nothing expires, nothing is sent (the day is still taken).
    expect(await app.expiryDigest.run(Date.parse("2020-01-01T09:00:00Z"))).toEqual({
      day: "2020-01-01",
      papers: 0,
      suppliers: 0,
      mails: 0,
    });
    expect(smtp.received).toHaveLength(0);

    expect(await app.expiryDigest.run(at("06:59"))).toBeUndefined();
    expect(smtp.received).toHaveLength(0);

    const { mails: expected } = await digestMails(db, today);
    const result = await app.expiryDigest.run(at("07:00"));
    expect(result).toMatchObject({ day: today, papers: 3, suppliers: 2, mails: expected.length });
    expect(smtp.received).toHaveLength(expected.length);
    const alfaMail = smtp.received.find((raw) => raw.includes(`To: ${s.users.alfa.email}`));
    expect(alfaMail).toMatch(/Content-Type: text\/plain/);
    expect(alfaMail).toMatch(/Content-Type: text\/html/);

    // Later that day, on this instance or on another one: already sent.
    expect(await app.expiryDigest.run(at("12:00"))).toBeUndefined();
    const other = await buildTestApp({ config: testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }) });
    try {
      expect(await other.expiryDigest.run(at("07:01"))).toBeUndefined();
    } finally {
      await other.close();
    }
    expect(smtp.received).toHaveLength(expected.length);
    const [row] = await db.select().from(documentDigestRuns).where(eq(documentDigestRuns.digestDate, today));
    expect(row?.finishedAt).not.toBeNull();
    expect(row?.result).toMatchObject({ mails: expected.length });
  });
});
