import { getSession, subscribeSession } from "../session/session-store";
import { createHubClient, type HubClient } from "./hub-client";

/** The app's single connection to the real-time hub at `/server` (same origin as the app). */
export const hub = createHubClient({
  url: new URL("/server", window.location.href).toString(),
  accessTokenFactory: () => getSession()?.token ?? "",
});

/** Starts the hub if someone is signed in (the hooks call it, so any page using them connects). */
export function ensureHubStarted(client: HubClient = hub) {
  if (getSession()) void client.start();
}

// Signing out disconnects.
subscribeSession(() => {
  if (!getSession()) void hub.stop();
});
