import { useEffect, useRef } from "react";
import type { OutboxSnapshot } from "../../../shared/outbox/create-outbox";
import { isQuietAction } from "../../../shared/outbox/quiet-refusals";
import { ofTrip, type TripKey } from "./local-trip";

/** While the screen is open and online, it asks the server again this often (admins change things too). */
export const CATCH_UP_POLL_MS = 15_000;
/** Answers that arrive together (a queue draining) are followed by one refetch. */
const SETTLE_MS = 300;
/** A catch-up refetch that could not reach the server is tried again this soon, this many times. */
export const CATCH_UP_RETRY_MS = 1_000;
const CATCH_UP_RETRIES = 10;

/**
 * Keeps a trip screen in step with the server by itself: it refetches when one of this trip's
 * actions (not a position) reaches the server, when the connection returns, when the phone wakes the
 * app, and every {@link CATCH_UP_POLL_MS} while visible.
 */
export function useCatchUp(reload: () => Promise<boolean>, trip: TripKey, outbox: OutboxSnapshot): void {
  const mine = ofTrip(trip);
  const taken = outbox.recent.filter((item) => mine(item.action) && !isQuietAction(item.action)).length;
  const waiting = outbox.actions.filter(mine).length;
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // On a lossy network the refetch itself may be lost: it is tried again within a second, not at
  // the next poll, so the screen matches the server seconds after the queue drains.
  const soon = useRef(() => {
    const attempt = (left: number) => async () => {
      const answered = await reloadRef.current();
      if (!answered && left > 0) timer.current = setTimeout(attempt(left - 1), CATCH_UP_RETRY_MS);
    };
    clearTimeout(timer.current);
    timer.current = setTimeout(attempt(CATCH_UP_RETRIES), SETTLE_MS);
  });

  // `taken` grows with each answer; `waiting` reaching 0 means the queue of this trip drained.
  const before = useRef({ taken, waiting });
  useEffect(() => {
    const previous = before.current;
    before.current = { taken, waiting };
    if (taken > previous.taken || (waiting === 0 && previous.waiting > 0)) soon.current();
  }, [taken, waiting]);

  useEffect(() => {
    const onOnline = () => soon.current();
    const onVisible = () => document.visibilityState === "visible" && soon.current();
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    const poll = setInterval(() => {
      if (navigator.onLine !== false && document.visibilityState === "visible") void reloadRef.current();
    }, CATCH_UP_POLL_MS);
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
      clearInterval(poll);
      clearTimeout(timer.current);
    };
  }, []);
}
