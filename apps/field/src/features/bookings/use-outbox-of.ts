import { useCallback, useSyncExternalStore } from "react";
import type { Outbox, OutboxSnapshot } from "../../shared/outbox/create-outbox";

/** The state of a given outbox (the app's, or a test's), re-rendering on every change. */
export function useOutboxOf(outbox: Outbox): OutboxSnapshot {
  const subscribe = useCallback((listener: () => void) => outbox.subscribe(listener), [outbox]);
  const getSnapshot = useCallback(() => outbox.getSnapshot(), [outbox]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
