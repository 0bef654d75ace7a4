import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { API } from "@treiber/contract/api-paths";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { buildApp } from "../../src/app.js";
import { createSignInThrottle } from "../../src/modules/auth/sign-in-throttle.js";
import { type SignedIn, testConfig, testDatabase } from "../helpers/test-app.js";

/** What a receiver got: the raw body and headers of each request, in order. */
export type Received = { body: string; headers: IncomingHttpHeaders; webhookId: string; type: string };

/**
 * A webhook receiver on 127.0.0.1: records every request and answers what `respond` says (a
 * status, or "hang": no answer at all, as a receiver that times out).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let respond: (request: Received) => number | "hang" = () => 200;
  const hanging: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const entry: Received = {
        body,
        headers: request.headers,
        webhookId: String(request.headers["webhook-id"]),
        type: (JSON.parse(body) as { type: string }).type,
      };
      received.push(entry);
      const answer = respond(entry);
      if (answer === "hang") {
        hanging.push(() => response.destroy());
        return;
      }
      response.statusCode = answer;
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return {
    url: `http://127.0.0.1:${address.port}/hook`,
    port: address.port,
    received,
    /** The requests carrying one message id. */
    of: (webhookId: string) => received.filter((entry) => entry.webhookId === webhookId),
    respondWith(answer: (request: Received) => number | "hang") {
      respond = answer;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of hanging) release();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * An app on the test database with webhooks to private addresses allowed unless told (the
 * receivers are on 127.0.0.1) and a short receiver timeout; tests run its worker by hand with
 * the instant they choose (`app.webhooks.run(now)`: a fake clock).
 */
export async function buildWebhookApp(
  options: { allowPrivate?: boolean; now?: () => number; timeoutMs?: number } = {},
): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({ WEBHOOK_ALLOW_PRIVATE: options.allowPrivate === false ? "false" : "true" }),
    database: await testDatabase(),
    logger: false,
    branchOfficeOffsetAt: () => 0,
    throttle: createSignInThrottle({ ip: { free: 10_000 } }),
    webhooks: { timeoutMs: options.timeoutMs ?? 500, ...(options.now && { now: options.now }) },
  });
  await app.ready();
  return app;
}

/** `POST Webhook` as `session`: 201 with `{ id, secret }`. */
export async function createWebhook(
  app: FastifyInstance,
  session: SignedIn,
  body: { url: string; events: string[]; description?: string },
) {
  const response = await app.inject({
    method: "POST",
    url: API.webhook.create.path,
    headers: session.headers,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; secret: string };
}

/** `GET Webhook/{id}/deliveries` as `session` (200). */
export async function deliveriesOf(app: FastifyInstance, session: SignedIn, webhookId: number, query = "") {
  const response = await app.inject({
    method: "GET",
    url: `${API.webhook.deliveries.path.replace("{id}", String(webhookId))}${query}`,
    headers: session.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    amount: number;
    list: {
      id: number;
      messageId: string;
      event: string;
      status: string;
      attempts: number;
      lastStatusCode: number | null;
      lastError: string | null;
      nextAttemptAt: string | null;
      createdAt: string;
      payload: { type: string; timestamp: string; data: Record<string, unknown> };
    }[];
  };
}
