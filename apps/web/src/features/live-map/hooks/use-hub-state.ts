import { HubConnectionState } from "@microsoft/signalr";
import { useEffect, useState } from "react";
import { hub } from "../../../shared/realtime";

/**
 * The hub connection state as users should read it: `Disconnected` before any attempt failed is
 * the connection still starting, so it reads `Connecting` (no red "Sin conexión" flashing while
 * the page opens).
 */
function shownState(): HubConnectionState {
  const state = hub.state;
  return state === HubConnectionState.Disconnected && !hub.failed ? HubConnectionState.Connecting : state;
}

/** The hub connection state, sampled every few seconds (the client has no state-change event). */
export function useHubState(intervalMs = 2_000): HubConnectionState {
  const [state, setState] = useState(shownState);
  useEffect(() => {
    const timer = setInterval(() => setState(shownState()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return state;
}

export { HubConnectionState };
