import { useSyncExternalStore } from "react";
import { appOutbox } from "./app-outbox";
import type { OutboxSnapshot } from "./create-outbox";

const subscribe = (listener: () => void) => appOutbox().subscribe(listener);
const getSnapshot = () => appOutbox().getSnapshot();

/** The outbox's state (pending count, rejected actions), re-rendering on every change. */
export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot);
}
