import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInAs } from "../helpers/test-app.js";
import { negotiate, RS, rawClient, startApp, upgradeStatus } from "./hub-test-kit.js";

describe("hub /server: SignalR JSON protocol", () => {
  let app: FastifyInstance;
  let baseUrl: string;
  let token: string;

  beforeAll(async () => {
    ({ app, baseUrl } = await startApp({
      hub: { pingIntervalMs: 150, idleTimeoutMs: 60_000, maxRecordLength: 1024 },
      corsOrigins: "http://front.example",
    }));
    token = (await signedInAs(app, "Admin")).token;
  });
  afterAll(async () => {
    await app.close();
  });

  it("negotiate answers 401 for a bad or missing token and a WebSockets-only offer otherwise", async () => {
    expect((await negotiate(baseUrl, "not-a-token")).status).toBe(401);
    const missing = await negotiate(baseUrl);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ statusCode: 401 });

    const response = await negotiate(baseUrl, token);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      negotiateVersion: 1,
      connectionId: expect.any(String),
      connectionToken: expect.stringMatching(/^[A-Za-z0-9_.-]+$/),
      availableTransports: [{ transport: "WebSockets", transferFormats: ["Text", "Binary"] }],
    });
  });

  it("negotiate allows CORS with credentials for configured origins only", async () => {
    const preflight = await fetch(`${baseUrl}/server/negotiate?negotiateVersion=1`, {
      method: "OPTIONS",
      headers: {
        origin: "http://front.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization,x-requested-with,x-signalr-user-agent",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBe("http://front.example");
    expect(preflight.headers.get("access-control-allow-credentials")).toBe("true");
    expect(preflight.headers.get("access-control-allow-headers")).toContain("x-signalr-user-agent");
    const other = await fetch(`${baseUrl}/server/negotiate?negotiateVersion=1`, {
      method: "OPTIONS",
      headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses sockets with a bad token, an unknown or reused connection token or a foreign origin", async () => {
    const ws = baseUrl.replace("http", "ws");
    const body = (await (await negotiate(baseUrl, token)).json()) as { connectionToken: string };
    const id = encodeURIComponent(body.connectionToken);
    expect(await upgradeStatus(`${ws}/server?id=${id}&access_token=bad`)).toBe(401);
    expect(await upgradeStatus(`${ws}/server?id=${id}`)).toBe(401);
    expect(await upgradeStatus(`${ws}/server?id=forged.1.9999999999999.x&access_token=${token}`)).toBe(404);
    expect(
      await upgradeStatus(`${ws}/server?id=${id}&access_token=${token}`, { origin: "http://evil.example" }),
    ).toBe(403);

    const first = await rawClient(baseUrl, token, { negotiate: false });
    first.socket.close();
    const client = new (await import("ws")).WebSocket(`${ws}/server?id=${id}&access_token=${token}`);
    await new Promise((resolve) => client.once("open", resolve));
    expect(await upgradeStatus(`${ws}/server?id=${id}&access_token=${token}`)).toBe(409);
    client.close();

    const other = await signedInAs(app, "Admin");
    const foreign = (await (await negotiate(baseUrl, token)).json()) as { connectionToken: string };
    expect(
      await upgradeStatus(
        `${ws}/server?id=${encodeURIComponent(foreign.connectionToken)}&access_token=${other.token}`,
      ),
    ).toBe(401);
  });

  it("answers a handshake for an unknown protocol with an error and closes", async () => {
    const client = await rawClient(baseUrl, token);
    client.send(`{"protocol":"messagepack","version":1}${RS}`);
    const reply = await client.next<{ error?: string }>();
    expect(reply.error).toEqual(expect.any(String));
    await client.closed;
  });

  it("handles partial frames, several records per frame and pings", async () => {
    const client = await rawClient(baseUrl, token);
    client.send(`{"protocol":"js`);
    client.send(`on","version":1}${RS}{"type":6}${RS}{"type":1,"invocationId":"1","target":"Nope",`);
    expect(await client.next()).toEqual({});
    client.send(`"arguments":[]}${RS}{"type":1,"invocationId":"2","target":"nope2","arguments":[]}${RS}`);
    expect(await client.next((r) => r.invocationId === "1")).toEqual({
      type: 3,
      invocationId: "1",
      error: "Unknown hub method 'Nope'",
    });
    expect(await client.next((r) => r.invocationId === "2")).toMatchObject({
      type: 3,
      error: expect.any(String),
    });
    expect(await client.next((r) => r.type === 6)).toEqual({ type: 6 });
    client.socket.close();
  });

  it("answers unknown methods only when the invocation has an id, and refuses streaming", async () => {
    const client = await rawClient(baseUrl, token);
    client.send(`{"protocol":"json","version":1}${RS}`);
    expect(await client.next()).toEqual({});
    client.send(`{"type":1,"target":"DoesNotExist","arguments":[]}${RS}`);
    client.send(`{"type":4,"invocationId":"s1","target":"Stream","arguments":[]}${RS}`);
    client.send(`{"type":1,"invocationId":"7","target":"AlsoMissing","arguments":[1]}${RS}`);
    const completion = await client.next((r) => r.invocationId === "7");
    expect(completion).toMatchObject({ type: 3, error: "Unknown hub method 'AlsoMissing'" });
    expect(await client.next((r) => r.invocationId === "s1")).toMatchObject({
      type: 3,
      error: expect.any(String),
    });
    const completions = client.records.map((r) => JSON.parse(r)).filter((r) => r.type === 3);
    expect(completions).toEqual([]);
    client.socket.close();
  });

  it("closes a connection that sends a record larger than the cap or invalid JSON", async () => {
    const big = await rawClient(baseUrl, token);
    big.send(`{"protocol":"json","version":1}${RS}`);
    expect(await big.next()).toEqual({});
    big.send(`{"type":1,"target":"x","arguments":["${"a".repeat(2000)}"]}`);
    expect(await big.next((r) => r.type === 7)).toMatchObject({ type: 7, error: expect.any(String) });
    await big.closed;

    const bad = await rawClient(baseUrl, token);
    bad.send(`{"protocol":"json","version":1}${RS}not json${RS}`);
    expect(await bad.next((r) => r.type === 7)).toMatchObject({ type: 7, error: expect.any(String) });
    await bad.closed;
  });
});

describe("hub /server: idle timeout", () => {
  it("drops a connection that stays silent", async () => {
    const { app, baseUrl } = await startApp({ hub: { pingIntervalMs: 60_000, idleTimeoutMs: 200 } });
    try {
      const { token } = await signedInAs(app, "Admin");
      const client = await rawClient(baseUrl, token);
      client.send(`{"protocol":"json","version":1}${RS}`);
      expect(await client.next()).toEqual({});
      await client.closed;
    } finally {
      await app.close();
    }
  });
});
