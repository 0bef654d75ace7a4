import { createHubClient, expiresWithin, type HubClient } from "@treiber/client";
import { http } from "../api/http-client";
import { getSession, subscribeSession } from "../session/session-store";

/** The app's single connection to the real-time hub at `/server` (same origin as the app). */
export const hub = createHubClient({
  url: new URL("/server", window.location.href).toString(),
  accessTokenFactory: async () => {
    const token = getSession()?.token;
    if (!token) return "";
    // A reconnect after a long outage would otherwise negotiate with an expired token.
    return expiresWithin(token, 30_000) ? ((await http.refreshSession()) ?? "") : token;
  },
});

/** Starts the hub if someone is signed in (the hooks call it, so any page using them connects). */
export function ensureHubStarted(client: HubClient = hub) {
  if (getSession()) void client.start();
}

// Signing out disconnects.
subscribeSession(() => {
  if (!getSession()) void hub.stop();
});
