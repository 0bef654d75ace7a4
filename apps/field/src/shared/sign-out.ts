import { API, clientPath } from "@treiber/contract/api-paths";
import { deviceCache } from "./device-cache/device-cache";
import { http } from "./http";
import { APP_BASE } from "./register-service-worker";
import { sessionStore } from "./session";

/** Ends the session on the server (best effort) and on this device; forgets what it cached. */
export async function signOut(): Promise<void> {
  const refreshToken = sessionStore.getSession()?.refreshToken;
  sessionStore.resetSession();
  void dropPushSubscription();
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

/**
 * «Avisos de mi bus» stop on this phone: the push service then answers 410 to the server, which
 * forgets the subscription (the next user of the phone turns them on for themselves).
 */
async function dropPushSubscription(): Promise<void> {
  try {
    if (!("serviceWorker" in navigator)) return;
    const registration = await navigator.serviceWorker.getRegistration(APP_BASE);
    const subscription = await registration?.pushManager?.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // No service worker or Push API here: nothing to drop.
  }
}
