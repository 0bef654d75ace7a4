import { HubConnectionState } from "@microsoft/signalr";
import { useEffect, useState } from "react";
import { hub } from "../../../shared/realtime";

/** The hub connection state, sampled every few seconds (the client has no state-change event). */
export function useHubState(intervalMs = 2_000): HubConnectionState {
  const [state, setState] = useState(() => hub.state);
  useEffect(() => {
    const timer = setInterval(() => setState(hub.state), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return state;
}

export { HubConnectionState };
