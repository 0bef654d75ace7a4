import { HubConnectionState, LogLevel } from "@microsoft/signalr";
import { createHubClient } from "@treiber/client";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { signedInAs } from "../helpers/test-app.js";
import { createTrip, RS, rawClient, startApp } from "./hub-test-kit.js";

describe("hub /server: server restart", () => {
  const apps: FastifyInstance[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it("sends Close with allowReconnect on shutdown", async () => {
    const { app, baseUrl } = await startApp();
    const { token } = await signedInAs(app, "Admin");
    const client = await rawClient(baseUrl, token);
    client.send(`{"protocol":"json","version":1}${RS}`);
    expect(await client.next()).toEqual({});
    const closing = app.close();
    expect(await client.next((r) => r.type === 7)).toMatchObject({ type: 7, allowReconnect: true });
    await client.closed;
    await closing;
  });

  it("the web client reconnects after a restart, rejoins its groups and tells its listeners", async () => {
    const first = await startApp();
    apps.push(first.app);
    const { token } = await signedInAs(first.app, "Admin");
    const { trip } = await createTrip();
    const group = `intermediate-group-${trip.id}`;
    const client = createHubClient({
      url: `${first.baseUrl}/server`,
      accessTokenFactory: () => token,
      reconnectDelays: [100, 200, 300, 500, 1000, 1000, 1000, 1000],
      logLevel: LogLevel.None,
    });
    const received: unknown[] = [];
    client.on("FinishIntermediateRoute", (id) => received.push(id));
    // Joined before the connection exists: joined once connected.
    const joined = client.joinGroup(group);
    await client.start();
    await joined;
    expect(client.state).toBe(HubConnectionState.Connected);
    await first.app.realtime.publish({
      audience: { kind: "group", name: group },
      target: "FinishIntermediateRoute",
      args: [1],
    });
    await expect.poll(() => received).toEqual([1]);

    let reconnected = 0;
    const back = new Promise<void>((resolve) =>
      client.onReconnected(() => {
        reconnected++;
        resolve();
      }),
    );
    await first.app.close();
    const second = await startApp({ port: first.port });
    apps.push(second.app);
    await back;
    expect(reconnected).toBe(1);
    expect(client.state).toBe(HubConnectionState.Connected);
    expect(client.groups()).toEqual([group]);

    await second.app.realtime.publish({
      audience: { kind: "group", name: group },
      target: "FinishIntermediateRoute",
      args: [2],
    });
    await expect.poll(() => received).toEqual([1, 2]);

    await client.leaveGroup(group);
    await second.app.realtime.publish({
      audience: { kind: "group", name: group },
      target: "FinishIntermediateRoute",
      args: [3],
    });
    await client.stop();
    expect(client.state).toBe(HubConnectionState.Disconnected);
    expect(received).toEqual([1, 2]);
    // stop() on a disconnected client does nothing.
    await client.stop();
  });
});
