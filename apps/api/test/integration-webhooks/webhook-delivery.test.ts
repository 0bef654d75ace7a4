import { API, apiPath } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueWebhookEvent } from "../../src/modules/webhooks/webhook-events.js";
import { routeWith, signedInCollaborator, signedInDriver } from "../helpers/operation-factories.js";
import { type SignedIn, signedInAs, testDatabase, useOwnTestDatabase } from "../helpers/test-app.js";
import { buildWebhookApp, createWebhook, deliveriesOf, startReceiver } from "./webhook-kit.js";

useOwnTestDatabase();

const HOUR = 3_600_000;

/**
 * Issue 39: deliveries signed as Standard Webhooks says (checked with the `standardwebhooks`
 * package, not our code), retried with backoff for 24 h after 500s and timeouts with the same
 * webhook-id, carried on by a new instance after a restart, sent once with two instances, refused
 * at send time when the name now points inside, and replayed with the same id.
 */
describe("Webhook deliveries", () => {
  let app: FastifyInstance;
  let admin: SignedIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    app = await buildWebhookApp({ timeoutMs: 1_000 });
    admin = await signedInAs(app, "SuperAdmin");
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await app?.close();
    await receiver?.close();
  });

  /** Only this test's webhook subscribed: earlier ones are deleted first. */
  async function onlyWebhook(events: string[]) {
    const list = await app.inject({ method: "GET", url: API.webhook.list.path, headers: admin.headers });
    for (const { id } of list.json().list as { id: number }[]) {
      await app.inject({
        method: "DELETE",
        url: apiPath(API.webhook.remove, { id }),
        headers: admin.headers,
      });
    }
    receiver.received.length = 0;
    receiver.respondWith(() => 200);
    return createWebhook(app, admin, { url: receiver.url, events });
  }

  it("a real trip's start, boarding and end arrive signed (verified by standardwebhooks)", async () => {
    const hook = await onlyWebhook(["trip.started", "trip.finished", "boarding.created"]);
    const driver = await signedInDriver(app);
    const rider = await signedInCollaborator(app);
    const route = await routeWith({ driverIds: [driver.driver.id], employeeIds: [rider.employee.id] });
    const call = (method: "PUT" | "POST", url: string, payload: Record<string, unknown>) =>
      app.inject({ method, url, headers: driver.session.headers, payload });
    const started = await call("PUT", API.intermediateRoute.start.path, { routeId: route.id });
    expect(started.statusCode, started.body).toBe(200);
    const tripId = started.json().intermediateRoute.id as number;
    const scan = await call("POST", API.transportService.scan.path, { codeQr: rider.employee.codeQr });
    expect(scan.statusCode, scan.body).toBe(201);
    const ended = await call("PUT", API.intermediateRoute.end.path, { intermediateRouteId: tripId });
    expect(ended.statusCode, ended.body).toBe(200);

    expect(await app.webhooks.run(Date.now())).toMatchObject({ succeeded: 3, retry: 0, failed: 0 });
    const verifier = new StandardWebhook(hook.secret.slice("whsec_".length));
    const types = receiver.received.map((entry) => {
      const verified = verifier.verify(entry.body, entry.headers as Record<string, string>) as {
        type: string;
        data: Record<string, unknown>;
      };
      expect(entry.headers["content-type"]).toBe("application/json");
      return [verified.type, verified.data.intermediateRouteId];
    });
    // Sent in parallel: the order of arrival is not promised (each carries its own timestamp).
    expect(types.sort()).toEqual([
      ["boarding.created", tripId],
      ["trip.finished", tripId],
      ["trip.started", tripId],
    ]);
    const bodyOf = (type: string) =>
      JSON.parse(receiver.received.find((entry) => entry.type === type)?.body ?? "{}");
    expect(bodyOf("trip.started").data).toMatchObject({
      routeId: route.id,
      driverId: driver.driver.id,
      status: "InProgress",
    });
    expect(bodyOf("trip.finished").data).toMatchObject({ status: "Finished" });
    expect(bodyOf("boarding.created").data).toMatchObject({ employeeId: rider.employee.id, method: "qr" });
    // A body or signature altered in transit is refused by the same independent verifier.
    const first = receiver.received.find((entry) => entry.type === "trip.started");
    if (!first) throw new Error("nothing received");
    expect(() =>
      verifier.verify(
        first.body.replace("trip.started", "trip.finished"),
        first.headers as Record<string, string>,
      ),
    ).toThrow();
    const wrong = new StandardWebhook(Buffer.alloc(32, 1).toString("base64"));
    expect(() => wrong.verify(first.body, first.headers as Record<string, string>)).toThrow();
  });

  it("retries after 500s and timeouts with backoff and the same webhook-id, then delivers", async () => {
    const hook = await onlyWebhook(["cut.created"]);
    const { db } = await testDatabase();
    let answers: (number | "hang")[] = [500, "hang", 503];
    receiver.respondWith(() => answers.shift() ?? 200);
    await enqueueWebhookEvent(db, "cut.created", { id: 77 });
    const start = Date.now() + 1_000;
    expect(await app.webhooks.run(start)).toMatchObject({ retry: 1 });
    // Not due again before its 5 s.
    expect(await app.webhooks.run(start + 4_000)).toMatchObject({ succeeded: 0, retry: 0 });
    expect(await app.webhooks.run(start + 5_000)).toMatchObject({ retry: 1 }); // timed out
    let [delivery] = (await deliveriesOf(app, admin, hook.id)).list;
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 2, lastStatusCode: null });
    expect(delivery?.lastError).toMatch(/Sin respuesta/);
    // Then 5 min after the second failure.
    expect(await app.webhooks.run(start + 5_000 + 299_000)).toMatchObject({ retry: 0, succeeded: 0 });
    expect(await app.webhooks.run(start + 5_000 + 300_000)).toMatchObject({ retry: 1 });
    expect(await app.webhooks.run(start + 5_000 + 300_000 + 1_800_000)).toMatchObject({ succeeded: 1 });
    [delivery] = (await deliveriesOf(app, admin, hook.id)).list;
    expect(delivery).toMatchObject({
      status: "SUCCEEDED",
      attempts: 4,
      lastStatusCode: 200,
      lastError: null,
    });
    const ids = new Set(receiver.received.map((entry) => entry.webhookId));
    expect(receiver.received).toHaveLength(4);
    expect([...ids]).toEqual([delivery?.messageId]);
    // Each attempt is signed with its own timestamp.
    expect(new Set(receiver.received.map((entry) => entry.headers["webhook-timestamp"])).size).toBe(4);
    answers = [];
  });

  it("gives up 24 h after the event: FAILED, with the last answer", async () => {
    const hook = await onlyWebhook(["cut.created"]);
    const { db } = await testDatabase();
    receiver.respondWith(() => 500);
    await enqueueWebhookEvent(db, "cut.created", { id: 78 });
    const [queued] = (await deliveriesOf(app, admin, hook.id)).list;
    const createdAt = Date.parse(queued?.createdAt ?? "");
    let at = Date.now();
    let attempts = 0;
    for (; attempts < 20; attempts++) {
      const result = await app.webhooks.run(at);
      if (result.failed === 1) break;
      const [delivery] = (await deliveriesOf(app, admin, hook.id)).list;
      at = Date.parse(delivery?.nextAttemptAt ?? "");
      expect(at - createdAt).toBeLessThanOrEqual(24 * HOUR);
    }
    const [delivery] = (await deliveriesOf(app, admin, hook.id)).list;
    expect(delivery).toMatchObject({ status: "FAILED", lastStatusCode: 500, nextAttemptAt: null });
    // 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then the last one at 24 h: 8 attempts.
    expect(delivery?.attempts).toBe(8);
    expect(receiver.received).toHaveLength(8);
    const list = await app.inject({ method: "GET", url: API.webhook.list.path, headers: admin.headers });
    expect(list.json().list[0]).toMatchObject({ id: hook.id, failed: 1, pending: 0 });
  });

  it("replays a delivery with the same webhook-id (a new attempt)", async () => {
    const hook = await onlyWebhook(["employee.changed"]);
    const { db } = await testDatabase();
    await enqueueWebhookEvent(db, "employee.changed", { employeeId: 5 });
    await app.webhooks.run(Date.now());
    const [delivery] = (await deliveriesOf(app, admin, hook.id)).list;
    expect(delivery?.status).toBe("SUCCEEDED");
    const replay = await app.inject({
      method: "POST",
      url: apiPath(API.webhook.replay, { id: delivery?.id ?? 0 }),
      headers: admin.headers,
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect((await deliveriesOf(app, admin, hook.id)).list[0]?.status).toBe("PENDING");
    await app.webhooks.run(Date.now() + 1_000);
    expect(receiver.received.map((entry) => entry.webhookId)).toEqual([
      delivery?.messageId,
      delivery?.messageId,
    ]);
    expect((await deliveriesOf(app, admin, hook.id)).list[0]).toMatchObject({
      status: "SUCCEEDED",
      attempts: 2,
    });
  });

  it("an incident's open and close are queued once however often they are announced", async () => {
    await onlyWebhook(["incident.opened"]);
    const { db } = await testDatabase();
    for (let n = 0; n < 3; n++) {
      await enqueueWebhookEvent(db, "incident.opened", { id: 9 }, { messageId: "msg_incident_9_opened" });
    }
    await app.webhooks.run(Date.now());
    expect(receiver.received.map((entry) => entry.webhookId)).toEqual(["msg_incident_9_opened"]);
  });

  it("survives a restart: a new instance sends what the stopped one queued and left due", async () => {
    const hook = await onlyWebhook(["trip.started"]);
    const { db } = await testDatabase();
    receiver.respondWith(() => 500);
    const first = await buildWebhookApp();
    await enqueueWebhookEvent(db, "trip.started", { intermediateRouteId: 1 });
    await enqueueWebhookEvent(db, "trip.started", { intermediateRouteId: 2 });
    expect(await first.webhooks.run(Date.now())).toMatchObject({ retry: 2 });
    await first.close();
    receiver.respondWith(() => 200);
    const second = await buildWebhookApp();
    expect(await second.webhooks.run(Date.now() + 6_000)).toMatchObject({ succeeded: 2 });
    await second.close();
    const list = (await deliveriesOf(app, admin, hook.id)).list;
    expect(list.map((item) => item.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    expect(new Set(receiver.received.map((entry) => entry.webhookId)).size).toBe(2);
  });

  it("two instances working at once send each message once", async () => {
    await onlyWebhook(["trip.finished"]);
    const { db } = await testDatabase();
    // A timeout long enough that no send on this slow test machine is cut short (then retried).
    const one = await buildWebhookApp({ timeoutMs: 10_000 });
    const two = await buildWebhookApp({ timeoutMs: 10_000 });
    const queued: string[] = [];
    for (let n = 0; n < 120; n++) {
      await enqueueWebhookEvent(
        db,
        "trip.finished",
        { intermediateRouteId: n },
        { messageId: `msg_two_${n}` },
      );
      queued.push(`msg_two_${n}`);
    }
    const now = Date.now();
    const [a, b] = await Promise.all([one.webhooks.run(now), two.webhooks.run(now)]);
    // A send the loaded machine failed (refused, cut) is due again after its backoff: one more round
    // delivers it. Only such a message may reach the receiver twice, never one sent once and done.
    const retried = (a?.retry ?? 0) + (b?.retry ?? 0);
    const late = retried > 0 ? await one.webhooks.run(now + 60 * 60_000) : undefined;
    await Promise.all([one.close(), two.close()]);
    expect((a?.failed ?? 0) + (b?.failed ?? 0)).toBe(0);
    expect((a?.succeeded ?? 0) + (b?.succeeded ?? 0) + (late?.succeeded ?? 0)).toBe(120);
    const ids = receiver.received.map((entry) => entry.webhookId);
    expect(new Set(ids)).toEqual(new Set(queued));
    expect(ids.length - queued.length).toBeLessThanOrEqual(retried);
  });

  it("refuses at send time a URL that now resolves to a private address (no connection)", async () => {
    const hook = await onlyWebhook(["cut.created"]);
    const { db } = await testDatabase();
    const strict = await buildWebhookApp({ allowPrivate: false });
    await enqueueWebhookEvent(db, "cut.created", { id: 79 });
    expect(await strict.webhooks.run(Date.now())).toMatchObject({ retry: 1 });
    await strict.close();
    expect(receiver.received).toHaveLength(0);
    const [delivery] = (await deliveriesOf(app, admin, hook.id)).list;
    expect(delivery?.lastError).toBe("La URL apunta a una dirección privada o local");
  });
});
