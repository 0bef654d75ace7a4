import type { SharedTrip } from "@treiber/contract";
import { useEffect, useState } from "react";
import { getSharedTrip } from "../api/get-shared-trip";
import { SHARED_TRIP_REFRESH_MS } from "../lib/shared-trip-text";

export type SharedTripState =
  /** The first answer has not come yet. */
  | { kind: "loading" }
  /** The first request failed (no signal, server error): retried at each refresh. */
  | { kind: "failed" }
  /** The bus as last seen; `stale` while the latest refresh failed (the page says so, keeps it). */
  | { kind: "ready"; trip: SharedTrip; stale: boolean }
  /** Unknown, expired or revoked: nothing more is asked. */
  | { kind: "gone" };

/**
 * The shared trip of `token`, asked at once and then every SHARED_TRIP_REFRESH_MS after each answer
 * (never two requests at a time), and again as soon as the tab shows (a phone throttles timers of
 * tabs in the background). A failed refresh keeps the last bus on screen; a 404 stops asking.
 */
export function useSharedTrip(token: string): SharedTripState {
  const [state, setState] = useState<SharedTripState>({ kind: "loading" });

  useEffect(() => {
    setState({ kind: "loading" });
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let inFlight: AbortController | null = null;

    const schedule = () => {
      if (!stopped) timer = setTimeout(load, SHARED_TRIP_REFRESH_MS);
    };
    async function load() {
      if (stopped || inFlight) return;
      clearTimeout(timer);
      const controller = new AbortController();
      inFlight = controller;
      try {
        const answer = await getSharedTrip(token, controller.signal);
        if (stopped) return;
        if (answer.kind === "gone") {
          stopped = true;
          setState({ kind: "gone" });
          return;
        }
        setState({ kind: "ready", trip: answer.trip, stale: false });
      } catch {
        if (stopped) return;
        setState((previous) =>
          previous.kind === "ready" ? { ...previous, stale: true } : { kind: "failed" },
        );
      } finally {
        if (inFlight === controller) inFlight = null;
      }
      schedule();
    }
    const onVisible = () => {
      if (document.visibilityState === "visible") void load();
    };

    void load();
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      stopped = true;
      clearTimeout(timer);
      inFlight?.abort();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [token]);

  return state;
}
