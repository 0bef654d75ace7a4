import { API, clientPath } from "@treiber/contract/api-paths";
import { deviceCache } from "./device-cache/device-cache";
import { http } from "./http";
import { sessionStore } from "./session";

/** Ends the session on the server (best effort) and on this device; forgets what it cached. */
export async function signOut(): Promise<void> {
  const refreshToken = sessionStore.getSession()?.refreshToken;
  sessionStore.resetSession();
  for (const listener of signOutListeners) listener();
  await deviceCache.clear().catch(() => undefined);
  if (!refreshToken) return;
  try {
    await http.post(clientPath(API.auth.revokeToken), { refreshToken });
  } catch {
    // Offline or already revoked: the device forgot it anyway.
  }
}

const signOutListeners = new Set<() => void>();

/** Runs `listener` on every sign-out (features clear their device caches with it). */
export function onSignOut(listener: () => void): void {
  signOutListeners.add(listener);
}
