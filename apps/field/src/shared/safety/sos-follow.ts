import { SOS_FOLLOW_MINUTES, SOS_POSITION_INTERVAL_SECONDS } from "@treiber/contract";
import { useSyncExternalStore } from "react";
import { sessionStore } from "../session";
import { type Fix, sendSosPosition } from "./safety-api";

/** Where the end of the follow is kept: a reload (or the app reopened) goes on sending. */
const storageKey = (userId: number) => `treiber-sos-follow:${userId}`;

/** What sends the positions (tests give their own). */
export type SosFollowDeps = {
  watch: (onFix: (fix: Fix) => void) => () => void;
  send: (fix: Fix, recordedAt: string) => void;
};

const browserDeps: SosFollowDeps = {
  watch(onFix) {
    if (typeof navigator === "undefined" || !("geolocation" in navigator)) return () => {};
    const id = navigator.geolocation.watchPosition(
      (position) =>
        onFix({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : undefined,
        }),
      () => undefined,
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(id);
  },
  send(fix, recordedAt) {
    void sendSosPosition({ ...fix, recordedAt }).catch(() => undefined);
  },
};

let deps = browserDeps;
let until: number | null = null;
let lastFix: Fix | null = null;
let stopWatch: (() => void) | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

function tick(): void {
  if (until === null) return;
  if (Date.now() >= until) {
    stopSosFollow();
    return;
  }
  if (lastFix) deps.send(lastFix, new Date().toISOString());
}

/**
 * After an SOS the phone sends its position every 10 s until `followUntil` (30 min), trip or not,
 * through the outbox (offline they wait, in order, behind the SOS). `fix`: the SOS's own position.
 */
export function followSos(followUntil: number, fix?: Fix): void {
  const userId = sessionStore.getSession()?.userId;
  if (followUntil <= Date.now()) return;
  if (userId !== undefined) {
    try {
      localStorage.setItem(storageKey(userId), String(followUntil));
    } catch {
      // Private mode: follows while the app stays open.
    }
  }
  if (fix) lastFix = fix;
  until = Math.max(until ?? 0, followUntil);
  stopWatch ??= deps.watch((next) => {
    lastFix = next;
  });
  if (timer === undefined) timer = setInterval(tick, SOS_POSITION_INTERVAL_SECONDS * 1000);
  changed();
}

/** Goes on with a follow a reload interrupted (or one the server still holds: `serverUntil`). */
export function resumeSosFollow(serverUntil?: string | null): void {
  const userId = sessionStore.getSession()?.userId;
  let stored: number | null = null;
  if (userId !== undefined) {
    try {
      stored = Number(localStorage.getItem(storageKey(userId))) || null;
    } catch {
      stored = null;
    }
  }
  const fromServer = serverUntil ? Date.parse(serverUntil) : Number.NaN;
  const end = Math.max(stored ?? 0, Number.isFinite(fromServer) ? fromServer : 0);
  if (end > Date.now()) followSos(end);
}

export function stopSosFollow(): void {
  clearInterval(timer);
  timer = undefined;
  stopWatch?.();
  stopWatch = null;
  lastFix = null;
  const userId = sessionStore.getSession()?.userId;
  if (until !== null && userId !== undefined) {
    try {
      localStorage.removeItem(storageKey(userId));
    } catch {
      // Nothing kept.
    }
  }
  until = null;
  changed();
}

/** The end of the follow in progress (epoch ms), or null; re-renders when it starts or ends. */
export function useSosFollowUntil(): number | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => until,
  );
}

/** Tests: their own position source and sender. */
export function setSosFollowDeps(next: SosFollowDeps | null): void {
  deps = next ?? browserDeps;
}

/** The default length of a follow when the server's answer is not known yet (queued SOS). */
export const SOS_FOLLOW_MS = SOS_FOLLOW_MINUTES * 60_000;

sessionStore.subscribe(() => {
  if (!sessionStore.getSession() && until !== null) {
    clearInterval(timer);
    timer = undefined;
    stopWatch?.();
    stopWatch = null;
    until = null;
    changed();
  }
});
