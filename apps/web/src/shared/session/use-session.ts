import type { Session } from "@treiber/client";
import { useSyncExternalStore } from "react";
import { getSession, subscribeSession } from "./session-store";

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
