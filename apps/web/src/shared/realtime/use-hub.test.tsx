import { HubConnectionState, LogLevel } from "@microsoft/signalr";
import { renderHook } from "@testing-library/react";
import { createHubClient, tripGroupName } from "@treiber/client";
import { describe, expect, it } from "vitest";
import { useHubConnection, useTripGroup } from "./use-hub";

const newClient = () =>
  createHubClient({
    url: "http://127.0.0.1:9/server",
    accessTokenFactory: () => "",
    logLevel: LogLevel.None,
  });

describe("realtime hooks", () => {
  it("useTripGroup remembers the trip's group while mounted (to join it once connected)", () => {
    const client = newClient();
    const { rerender, unmount } = renderHook(({ id }) => useTripGroup(id, client), {
      initialProps: { id: 12 as number | undefined },
    });
    expect(client.groups()).toEqual([tripGroupName(12)]);
    rerender({ id: 13 });
    expect(client.groups()).toEqual(["intermediate-group-13"]);
    rerender({ id: undefined });
    expect(client.groups()).toEqual([]);
    rerender({ id: 14 });
    unmount();
    expect(client.groups()).toEqual([]);
  });

  it("useHubConnection does not connect without a session, and stop does nothing when not connected", async () => {
    window.localStorage.clear();
    const client = newClient();
    const { unmount } = renderHook(() => useHubConnection(client));
    expect(client.state).toBe(HubConnectionState.Disconnected);
    unmount();
    await client.stop();
    expect(client.state).toBe(HubConnectionState.Disconnected);
  });
});
