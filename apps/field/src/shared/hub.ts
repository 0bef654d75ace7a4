import { createHubClient, expiresWithin, type HubClient } from "@treiber/client";
import { http } from "./http";
import { sessionStore } from "./session";

let client: HubClient | undefined;

/**
 * The app's one connection to the hub `/server`: the driver sends positions through it while a trip
 * runs, "Mi bus" follows its trip group with it (reconnect 10 s × 40 and group rejoin come from
 * `@treiber/client`). Created on first use; stopped when the session ends.
 */
export function appHub(): HubClient {
  if (!client) {
    client = createHubClient({
      url: new URL("/server", window.location.href).toString(),
      accessTokenFactory: async () => {
        const token = sessionStore.getSession()?.token;
        if (!token) return "";
        // A reconnect after a long outage would otherwise negotiate with an expired token.
        return expiresWithin(token, 30_000) ? ((await http.refreshSession()) ?? "") : token;
      },
    });
    const hub = client;
    sessionStore.subscribe(() => {
      if (!sessionStore.getSession()) void hub.stop();
    });
  }
  return client;
}
