import { HubConnectionState, LogLevel } from "@microsoft/signalr";
import { describe, expect, it } from "vitest";
import { createHubClient, DEFAULT_RECONNECT_DELAYS, tripGroupName } from "./create-hub-client";

const newClient = () =>
  createHubClient({
    url: "http://127.0.0.1:9/server",
    accessTokenFactory: () => "",
    logLevel: LogLevel.None,
  });

describe("hub client", () => {
  it("reconnects 40 times, 10 s apart", () => {
    expect(DEFAULT_RECONNECT_DELAYS).toHaveLength(40);
    expect(new Set(DEFAULT_RECONNECT_DELAYS)).toEqual(new Set([10_000]));
  });

  it("remembers the groups joined before connecting and forgets the ones left", async () => {
    const client = newClient();
    await client.joinGroup(tripGroupName(5));
    await client.joinGroup(tripGroupName(6));
    await client.leaveGroup(tripGroupName(5));
    expect(client.groups()).toEqual(["intermediate-group-6"]);
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });

  it("stop does nothing on a hub that is not connected", async () => {
    const client = newClient();
    await client.stop();
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });

  it("is not failed before a first attempt, and failed once an attempt could not connect", async () => {
    const client = createHubClient({
      url: "http://127.0.0.1:9/server",
      accessTokenFactory: () => "",
      logLevel: LogLevel.None,
      reconnectDelays: [],
    });
    expect(client.failed).toBe(false);
    await client.start();
    expect(client.failed).toBe(true);
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });
});
