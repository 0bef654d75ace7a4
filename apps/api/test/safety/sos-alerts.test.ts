import type { HubConnection } from "@microsoft/signalr";
import { HUB_EVENTS, type IncidentItem, type SosPosition, sosPushSchema } from "@treiber/contract";
import { API } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, pushSubscriptions } from "../../src/db/schema.js";
import { createPushRepository } from "../../src/modules/push/push-repository.js";
import { createPushSender } from "../../src/modules/push/push-sender.js";
import { mapLink } from "../../src/modules/sos/sos-alerts.js";
import { phoneKeys, startLocalPushService } from "../helpers/local-push-service.js";
import { startSmtp } from "../helpers/smtp-server.js";
import { signedInAs, testConfig, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";
import { officialClient } from "../hub/hub-test-kit.js";
import {
  type Clock,
  officeWithContacts,
  personOf,
  raiseSos,
  sosBody,
  startSosApp,
  tripOf,
} from "./sos-kit.js";

/**
 * An SOS reaches the control room (the official SignalR client gets `ReceiveIncident`), the branch
 * office's admins and the SuperAdmins by Web Push (a local push service that checks VAPID and
 * decrypts), and the emergency contacts by e-mail (a local SMTP server); its positions reach the
 * admins' hub (`ReceiveSosPosition`). Its own database: who is a SuperAdmin is global.
 */
useOwnTestDatabase();

/** Quoted-printable as nodemailer writes a UTF-8 text part, decoded. */
const decodeMail = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    "latin1",
  ).toString("utf8");

describe("an SOS's alerts", () => {
  const clock: Clock = { now: Date.now() };
  let app: FastifyInstance;
  let baseUrl: string;
  let connection: HubConnection | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let pushService: Awaited<ReturnType<typeof startLocalPushService>>;
  const phones = { "/admin": phoneKeys(), "/other": phoneKeys(), "/super": phoneKeys() };

  beforeAll(async () => {
    smtp = await startSmtp();
    const config = testConfig({ PUSH_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" });
    pushService = await startLocalPushService({ vapidPublicKey: config.vapid.publicKey, phones });
    const { db } = await testDatabase();
    const push = createPushSender({
      repository: createPushRepository(db),
      vapid: config.vapid,
      log: { warn: () => undefined },
      ca: pushService.ca,
      allowedPrivateHosts: config.pushAllowedPrivateHosts,
    });
    ({ app, baseUrl } = await startSosApp(clock, {
      config: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUSH_ALLOWED_PRIVATE_HOSTS: "127.0.0.1" },
      push,
    }));
  });
  afterAll(async () => {
    await connection?.stop();
    await app.close();
    await pushService.close();
    smtp.server.close();
  });

  it("ReceiveIncident on the hub, Web Push to the office's admins and SuperAdmins, mail to its contacts", async () => {
    const { db } = await testDatabase();
    const office = await officeWithContacts(["seguridad@empresa.do", "gerencia@empresa.do"]);
    const elsewhere = await officeWithContacts(["otra@empresa.do"]);
    const admin = await personOf(app, "Admin", office.id, "Carla");
    const otherAdmin = await personOf(app, "Admin", elsewhere.id, "Pedro");
    const superAdmin = await signedInAs(app, "SuperAdmin");
    for (const [path, userId] of [
      ["/admin", admin.user.id],
      ["/other", otherAdmin.user.id],
      ["/super", superAdmin.userId],
    ] as const) {
      await db.insert(pushSubscriptions).values({
        userId,
        endpoint: `${pushService.origin}${path}`,
        p256dh: phones[path].p256dh,
        auth: phones[path].auth,
      });
    }

    // The admin's control room follows the hub with the official client.
    connection = officialClient(baseUrl, admin.session.token);
    const announced: IncidentItem[] = [];
    const positions: SosPosition[] = [];
    let wake: (() => void) | undefined;
    connection.on(HUB_EVENTS.receiveIncident, (item: IncidentItem) => {
      announced.push(item);
      wake?.();
    });
    connection.on(HUB_EVENTS.receiveSosPosition, (position: SosPosition) => {
      positions.push(position);
      wake?.();
    });
    await connection.start();

    const ana = await personOf(app, "Collaborator", office.id, "Ana");
    const { route } = await tripOf(app, {
      branchOfficeId: office.id,
      at: clock.now,
      riders: [ana.employee.id],
    });
    const response = await raiseSos(app, ana.session, sosBody(clock.now));
    expect(response.statusCode, response.body).toBe(201);
    const incidentId = response.json().incidentId as number;

    while (!announced.some((item) => item.id === incidentId)) await new Promise<void>((r) => (wake = r));
    const item = announced.find((entry) => entry.id === incidentId);
    expect(item).toMatchObject({
      type: "SOS",
      severity: "critical",
      status: "OPEN",
      personName: "Ana Féliz",
      personRole: "Collaborator",
      branchOfficeId: office.id,
      routeName: route.name,
    });

    await app.sos.settled();
    // Web Push: the office's admin and the SuperAdmin, not another office's admin.
    const pushed = pushService.deliveries.map((delivery) => ({
      path: delivery.path,
      payload: sosPushSchema.parse(delivery.alert),
      urgency: delivery.urgency,
    }));
    expect(pushed.map((p) => p.path).sort()).toEqual(["/admin", "/super"]);
    for (const p of pushed) {
      expect(p.urgency).toBe("high");
      expect(p.payload).toMatchObject({ kind: "SOS", incidentId, title: "SOS: Ana Féliz" });
      expect(p.payload.message).toContain(route.name);
    }

    // E-mail to each emergency contact of the office: name, phone, route and the map link.
    const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, "SOS: Ana Féliz"));
    expect(rows.map((row) => row.to).sort()).toEqual(["gerencia@empresa.do", "seguridad@empresa.do"]);
    expect(rows.every((row) => row.sentAt !== null)).toBe(true);
    const mails = smtp.received.map(decodeMail).filter((mail) => mail.includes("Ana Féliz"));
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail).toContain("(809) 555-2020");
      expect(mail).toContain(route.name);
      expect(mail).toContain(mapLink(18.47, -69.91));
    }
    expect(mails.some((mail) => mail.includes("otra@empresa.do"))).toBe(false);

    // The phone's next position reaches the admins' hub.
    const sent = await app.inject({
      method: "POST",
      url: API.sos.position.path,
      headers: ana.session.headers,
      payload: { latitude: 18.48, longitude: -69.92, recordedAt: new Date(clock.now).toISOString() },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    while (positions.length === 0) await new Promise<void>((r) => (wake = r));
    expect(positions[0]).toEqual({
      incidentId,
      latitude: 18.48,
      longitude: -69.92,
      accuracy: null,
      at: new Date(clock.now).toISOString(),
    });
  });

  it("a replayed SOS alerts nobody again", async () => {
    const office = await officeWithContacts(["replay@empresa.do"]);
    const ana = await personOf(app, "Collaborator", office.id, "Rita");
    const before = pushService.deliveries.length;
    const body = sosBody(clock.now);
    expect((await raiseSos(app, ana.session, body)).statusCode).toBe(201);
    await app.sos.settled();
    const afterFirst = { pushes: pushService.deliveries.length, mails: smtp.received.length };
    // The SuperAdmin is told of every SOS.
    expect(afterFirst.pushes).toBe(before + 1);
    expect((await raiseSos(app, ana.session, body)).statusCode).toBe(201);
    await app.sos.settled();
    expect({ pushes: pushService.deliveries.length, mails: smtp.received.length }).toEqual(afterFirst);
  });
});
