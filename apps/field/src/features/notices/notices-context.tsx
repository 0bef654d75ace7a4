import type { NotificationListItem } from "@treiber/contract";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { NavLink } from "react-router";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { type NoticesApi, noticesApi } from "./notices-api";
import { appNoticesHub, type NoticesHub } from "./notices-hub";

/** The signed-in user's notices («Avisos»), shared by the tab's badge and the screen. */
export type Notices = {
  /** Newest first; the copy kept on the phone until the server answers. */
  notices: NotificationListItem[] | undefined;
  /** True while `notices` comes from the phone and the server could not be reached since. */
  fromDevice: boolean;
  /** The last load's error when there is nothing on the phone to show. */
  error: unknown;
  /** How many are still unread (the tab's badge). */
  unread: number;
  reload: () => Promise<boolean>;
  /**
   * Marks them read: at once on the phone (the badge drops), then on the server and the list is
   * loaded again. False when the server could not be told (they count as unread again).
   */
  markRead: (ids: readonly number[]) => Promise<boolean>;
};

const NoticesContext = createContext<Notices | null>(null);

/**
 * Loads the user's notices (kept on the phone: they open offline) and keeps them current: a
 * `ReceiveNotification` on the hub, the hub back after a drop, the connection back or the app shown
 * again loads them again. `api` and `hub`: tests give their own.
 */
export function NoticesProvider(props: { children: ReactNode; api?: NoticesApi; hub?: NoticesHub }) {
  const api = props.api ?? noticesApi;
  const hub = props.hub ?? appNoticesHub;
  const load = useCallback(() => api.list(), [api]);
  const resource = useDeviceResource("notices", load);
  const { reload } = resource;
  const [readHere, setReadHere] = useState<ReadonlySet<number>>(() => new Set());

  useEffect(
    () =>
      hub.listen(
        () => void reload(),
        () => void reload(),
      ),
    [hub, reload],
  );

  useEffect(() => {
    const onOnline = () => void reload();
    const onVisible = () => {
      if (document.visibilityState === "visible") void reload();
    };
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [reload]);

  const markRead = useCallback(
    async (ids: readonly number[]) => {
      if (ids.length === 0) return true;
      setReadHere((previous) => new Set([...previous, ...ids]));
      try {
        await api.markRead(ids);
      } catch {
        setReadHere((previous) => new Set([...previous].filter((id) => !ids.includes(id))));
        return false;
      }
      await reload();
      return true;
    },
    [api, reload],
  );

  const data = resource.data;
  const value = useMemo<Notices>(
    () => ({
      notices: data,
      fromDevice: resource.fromDevice,
      error: resource.error,
      unread: data?.filter((notice) => notice.readDate === null && !readHere.has(notice.id)).length ?? 0,
      reload,
      markRead,
    }),
    [data, resource.fromDevice, resource.error, readHere, reload, markRead],
  );
  return <NoticesContext.Provider value={value}>{props.children}</NoticesContext.Provider>;
}

export function useNotices(): Notices {
  const notices = useContext(NoticesContext);
  if (!notices) throw new Error("useNotices outside NoticesProvider");
  return notices;
}

/** The «Avisos» tab with its unread badge: shows «Avisos 2», read aloud «Avisos, 2 sin leer». */
export function NoticesTab(props: { to: string; label: string }) {
  const { unread } = useNotices();
  const count = unread > 99 ? "99+" : String(unread);
  return (
    <NavLink
      to={props.to}
      className="tab"
      aria-label={unread > 0 ? `${props.label}, ${count} sin leer` : undefined}
    >
      {props.label}
      {unread > 0 ? (
        <span className="tab-badge" aria-hidden="true" data-testid="notices-badge">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
