import { useSyncExternalStore } from "react";
import { getSession, subscribeSession } from "./session-store";
import type { Session } from "./session-types";

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
