import { getErrorStatus } from "@treiber/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSession } from "../session";
import { deviceCache } from "./device-cache";

export type DeviceResource<T> = {
  /** The server's answer: the last one kept on the phone until a fresh one arrives. */
  data: T | undefined;
  /** Epoch ms of the request that brought `data` (what happened after it is not in it yet). */
  fetchedAt: number | null;
  /** True while `data` comes from the phone and the server could not be reached since. */
  fromDevice: boolean;
  /** The last load's error when there is nothing on the phone to show. */
  error: unknown;
  loading: boolean;
  /**
   * Loads again from the server (keeps showing what it has meanwhile): true once the server
   * answered, false when it could not be reached (the caller may try again soon).
   */
  reload: () => Promise<boolean>;
};

/**
 * A server resource that also lives on the phone: shows the copy kept in IndexedDB at once (a cold
 * start offline opens the screen), then the server's answer, which replaces the copy. A failed load
 * keeps the copy; only with no copy at all is it an error. `key` null = nothing to load.
 */
export function useDeviceResource<T>(key: string | null, load: () => Promise<T>): DeviceResource<T> {
  const userId = useSession()?.userId ?? null;
  const [state, setState] = useState<Omit<DeviceResource<T>, "reload">>({
    data: undefined,
    fetchedAt: null,
    fromDevice: false,
    error: null,
    loading: true,
  });
  const loadRef = useRef(load);
  loadRef.current = load;
  const latest = useRef(0);

  const reload = useCallback(async (): Promise<boolean> => {
    if (key === null || userId === null) return true;
    const call = ++latest.current;
    const startedAt = Date.now();
    try {
      const value = await loadRef.current();
      if (call !== latest.current) return true;
      setState({ data: value, fetchedAt: startedAt, fromDevice: false, error: null, loading: false });
      await deviceCache.set(userId, key, { value, savedAt: startedAt }).catch(() => undefined);
      return true;
    } catch (error) {
      if (call !== latest.current) return true;
      // A refusal (4xx) is the server's word: not a reason to show the phone's copy as current.
      const status = getErrorStatus(error);
      const unreachable = status === null || status >= 500;
      const kept = unreachable ? await deviceCache.get<T>(userId, key).catch(() => undefined) : undefined;
      if (call !== latest.current) return true;
      setState((previous) => {
        if (previous.data !== undefined && unreachable)
          return { ...previous, fromDevice: true, loading: false };
        if (kept)
          return { data: kept.value, fetchedAt: kept.savedAt, fromDevice: true, error: null, loading: false };
        return { data: undefined, fetchedAt: null, fromDevice: false, error, loading: false };
      });
      return !unreachable;
    }
  }, [key, userId]);

  useEffect(() => {
    if (key === null || userId === null) return;
    let current = true;
    setState({ data: undefined, fetchedAt: null, fromDevice: false, error: null, loading: true });
    void deviceCache
      .get<T>(userId, key)
      .then((entry) => {
        if (!current || !entry) return;
        setState((previous) =>
          previous.data === undefined && previous.loading
            ? { data: entry.value, fetchedAt: entry.savedAt, fromDevice: true, error: null, loading: true }
            : previous,
        );
      })
      .catch(() => undefined);
    void reload();
    return () => {
      current = false;
    };
  }, [key, userId, reload]);

  return { ...state, reload };
}
