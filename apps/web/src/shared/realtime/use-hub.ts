import { type HubClient, type HubHandler, tripGroupName } from "@treiber/client";
import { useEffect, useRef } from "react";
import { getSession, subscribeSession } from "../session/session-store";
import { ensureHubStarted, hub } from "./hub";

/**
 * Keeps the hub connected while there is a session (optional: mount once in the signed-in layout;
 * the hooks below also start it when used).
 */
export function useHubConnection(client: HubClient = hub) {
  useEffect(() => {
    const sync = () => {
      if (getSession()) void client.start();
      else void client.stop();
    };
    sync();
    const unsubscribe = subscribeSession(sync);
    return () => {
      unsubscribe();
      void client.stop();
    };
  }, [client]);
}

/** Calls `handler` for every `event` pushed by the hub (latest handler, no re-subscription). */
export function useHubEvent(event: string, handler: HubHandler, client: HubClient = hub) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const listener: HubHandler = (...args) => latest.current(...args);
    client.on(event, listener);
    ensureHubStarted(client);
    return () => client.off(event, listener);
  }, [event, client]);
}

/** Follows a trip's group while mounted (rejoined after reconnects); leaves it on unmount. */
export function useTripGroup(intermediateRouteId: number | undefined, client: HubClient = hub) {
  useEffect(() => {
    if (!intermediateRouteId) return;
    const group = tripGroupName(intermediateRouteId);
    void client.joinGroup(group).catch(() => {});
    ensureHubStarted(client);
    return () => void client.leaveGroup(group).catch(() => {});
  }, [intermediateRouteId, client]);
}

/** Runs `callback` after every reconnect (e.g. refetch what may have been missed). */
export function useHubReconnected(callback: () => void, client: HubClient = hub) {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    ensureHubStarted(client);
    return client.onReconnected(() => latest.current());
  }, [client]);
}
