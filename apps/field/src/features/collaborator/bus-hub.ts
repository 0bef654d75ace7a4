import { createHubClient, expiresWithin, type HubClient } from "@treiber/client";
import { http } from "../../shared/http";
import { sessionStore } from "../../shared/session";

let client: HubClient | undefined;

/**
 * The hub connection "Mi bus" follows its trip group with (reconnect 10 s × 40 and group rejoin come
 * from `@treiber/client`); created on first use so other screens never load SignalR.
 */
export function busHub(): HubClient {
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
