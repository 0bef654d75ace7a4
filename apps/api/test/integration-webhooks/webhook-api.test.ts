import { INTEGRATION_MESSAGES } from "@treiber/contract";
import { API, apiPath } from "@treiber/contract/api-paths";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "../../src/db/schema.js";
import { enqueueWebhookEvent } from "../../src/modules/webhooks/webhook-events.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";
import { buildWebhookApp, createWebhook, deliveriesOf, startReceiver } from "./webhook-kit.js";

useOwnTestDatabase();

/** Issue 39: the webhook API (SuperAdmin), and private addresses refused unless WEBHOOK_ALLOW_PRIVATE. */
describe("Webhook API", () => {
  let app: FastifyInstance;
  let strict: FastifyInstance;
  let admin: SignedIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    app = await buildWebhookApp();
    strict = await buildWebhookApp({ allowPrivate: false });
    admin = await signedInAs(app, "SuperAdmin");
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await strict?.close();
    await receiver?.close();
  });

  const post = (target: FastifyInstance, payload: Record<string, unknown>, session = admin) =>
    target.inject({ method: "POST", url: API.webhook.create.path, headers: session.headers, payload });

  it("creates a webhook with a whsec_ secret shown once, lists it without it, and deletes it", async () => {
    const created = await createWebhook(app, admin, {
      url: receiver.url,
      events: ["trip.started", "trip.started", "cut.created"],
      description: "ERP",
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);
    const list = await app.inject({ method: "GET", url: API.webhook.list.path, headers: admin.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.secret);
    const item = list.json().list.find((row: { id: number }) => row.id === created.id);
    expect(item).toMatchObject({
      url: receiver.url,
      events: ["trip.started", "cut.created"],
      description: "ERP",
      pending: 0,
      failed: 0,
      lastDeliveryAt: null,
    });
    expect(item.createdBy).toBeTruthy();

    const removed = await app.inject({
      method: "DELETE",
      url: apiPath(API.webhook.remove, { id: created.id }),
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const again = await app.inject({ method: "GET", url: API.webhook.list.path, headers: admin.headers });
    expect(again.json().list.map((row: { id: number }) => row.id)).not.toContain(created.id);
    const twice = await app.inject({
      method: "DELETE",
      url: apiPath(API.webhook.remove, { id: created.id }),
      headers: admin.headers,
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(INTEGRATION_MESSAGES.webhookNotFound);
  });

  it("a deleted webhook gets no new events and its pending deliveries fail", async () => {
    const { db } = await testDatabase();
    const created = await createWebhook(app, admin, { url: receiver.url, events: ["cut.created"] });
    await enqueueWebhookEvent(db, "cut.created", { id: 1 });
    await app.inject({
      method: "DELETE",
      url: apiPath(API.webhook.remove, { id: created.id }),
      headers: admin.headers,
    });
    expect(await enqueueWebhookEvent(db, "cut.created", { id: 2 })).toBe(0);
    const [row] = await db.select().from(webhooks).where(eq(webhooks.id, created.id));
    expect(row?.deletedAt).not.toBeNull();
    await app.webhooks.run();
    expect(receiver.received).toHaveLength(0);
    // Its log stays readable: the pending delivery failed when it was deleted.
    const log = await deliveriesOf(app, admin, created.id);
    expect(log.list.map((item) => [item.status, item.lastError])).toEqual([["FAILED", "Webhook eliminado"]]);
    const replay = await app.inject({
      method: "POST",
      url: apiPath(API.webhook.replay, { id: log.list[0]?.id ?? 0 }),
      headers: admin.headers,
    });
    expect(replay.statusCode).toBe(404);
  });

  it("refuses bad URLs and events (400 with the contract's messages)", async () => {
    for (const url of ["ftp://example.com/hook", "no es una url", "javascript:alert(1)"]) {
      const response = await post(app, { url, events: ["trip.started"] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toBe(INTEGRATION_MESSAGES.webhookUrl);
    }
    const events = await post(app, { url: receiver.url, events: [] });
    expect(events.statusCode).toBe(400);
    expect(events.json().message).toBe(INTEGRATION_MESSAGES.webhookEvents);
    const unknown = await post(app, { url: receiver.url, events: ["trip.deleted"] });
    expect(unknown.statusCode).toBe(400);
    const credentials = await post(app, { url: "http://user:pw@127.0.0.1/hook", events: ["trip.started"] });
    expect(credentials.statusCode).toBe(400);
  });

  it("refuses private, loopback, link-local and metadata addresses unless WEBHOOK_ALLOW_PRIVATE", async () => {
    for (const url of [
      receiver.url,
      "http://localhost:8080/hook",
      "http://10.0.0.5/hook",
      "http://192.168.1.10/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://[::1]/hook",
      "http://[fd00::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://0.0.0.0/hook",
      "https://100.64.1.1/hook",
    ]) {
      const response = await post(strict, { url, events: ["trip.started"] });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toBe(INTEGRATION_MESSAGES.webhookPrivate);
    }
    // A public address, or a name that does not resolve now, is accepted: each send checks again.
    for (const url of ["https://93.184.215.14/hook", "https://nadie.invalid/hook"]) {
      const open = await post(strict, { url, events: ["trip.started"] });
      expect(open.statusCode, open.body).toBe(201);
      await strict.inject({
        method: "DELETE",
        url: apiPath(API.webhook.remove, { id: open.json().id }),
        headers: admin.headers,
      });
    }
  });

  it("is SuperAdmin only", async () => {
    for (const role of ["Admin", "Collaborator", "Driver", "Supplier"] as const) {
      const session = await signedInAs(app, role);
      const create = await post(app, { url: receiver.url, events: ["trip.started"] }, session);
      expect(create.statusCode, role).toBe(403);
      const list = await app.inject({ method: "GET", url: API.webhook.list.path, headers: session.headers });
      expect(list.statusCode, role).toBe(403);
    }
    const anonymous = await app.inject({ method: "GET", url: API.webhook.list.path });
    expect(anonymous.statusCode).toBe(401);
  });

  it("lists deliveries newest first, by status, paged; 404 for an unknown webhook or delivery", async () => {
    const { db } = await testDatabase();
    const created = await createWebhook(app, admin, { url: receiver.url, events: ["employee.changed"] });
    for (let n = 1; n <= 3; n++) await enqueueWebhookEvent(db, "employee.changed", { employeeId: n });
    const page = await deliveriesOf(app, admin, created.id, "?amount=2&skip=1");
    expect(page.amount).toBe(3);
    expect(page.list.map((item) => item.payload.data.employeeId)).toEqual([3, 2]);
    expect(page.list[0]).toMatchObject({ event: "employee.changed", status: "PENDING", attempts: 0 });
    expect(page.list[0]?.messageId).toMatch(/^msg_/);
    await app.webhooks.run();
    const delivered = await deliveriesOf(app, admin, created.id, "?status=SUCCEEDED");
    expect(delivered.amount).toBe(3);
    expect(delivered.list[0]).toMatchObject({ status: "SUCCEEDED", attempts: 1, lastStatusCode: 200 });
    expect((await deliveriesOf(app, admin, created.id, "?status=PENDING")).amount).toBe(0);
    const bad = await app.inject({
      method: "GET",
      url: `${apiPath(API.webhook.deliveries, { id: created.id })}?status=LOST`,
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
    const missing = await app.inject({
      method: "GET",
      url: apiPath(API.webhook.deliveries, { id: 999_999 }),
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    const replay = await app.inject({
      method: "POST",
      url: apiPath(API.webhook.replay, { id: 99_999_999 }),
      headers: admin.headers,
    });
    expect(replay.statusCode).toBe(404);
    expect(replay.json().message).toBe(INTEGRATION_MESSAGES.deliveryNotFound);
  });
});
