import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT } from "../constants";

const query = `(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`;

function subscribe(callback: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener("change", callback);
  return () => list.removeEventListener("change", callback);
}

const getSnapshot = () => window.matchMedia(query).matches;

/** True below the 430px layout breakpoint (spec §2). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
