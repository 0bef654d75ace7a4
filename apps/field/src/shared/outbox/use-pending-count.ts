import { useOutbox } from "./use-outbox";

/** How many field actions wait on the phone to be sent. */
export function usePendingCount(): number {
  return useOutbox().pending;
}
