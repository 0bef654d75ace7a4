import { createSessionStore, type Session } from "@treiber/client";
import { useSyncExternalStore } from "react";

/**
 * The session, shared with the back office (same origin, same 'Treiber' key): signing in here
 * also signs in there, and the refresh rotation is one and the same.
 */
export const sessionStore = createSessionStore();

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSession, () => null);
}
