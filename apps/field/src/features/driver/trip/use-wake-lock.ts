import { useEffect } from "react";

type WakeLockLike = { release(): Promise<void>; released?: boolean };
type NavigatorWithWakeLock = Navigator & { wakeLock?: { request(type: "screen"): Promise<WakeLockLike> } };

/** Keeps the screen on while `active` (Screen Wake Lock where the browser has it; nothing elsewhere). */
export function useWakeLock(active: boolean): void {
  useEffect(() => {
    const api = (navigator as NavigatorWithWakeLock).wakeLock;
    if (!active || !api) return;
    let lock: WakeLockLike | null = null;
    let done = false;
    const acquire = () => {
      if (done || document.visibilityState !== "visible") return;
      api.request("screen").then(
        (value) => {
          if (done) void value.release().catch(() => {});
          else lock = value;
        },
        () => {},
      );
    };
    // The browser releases the lock when the page is hidden: take it again on return.
    const onVisibility = () => acquire();
    acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      done = true;
      document.removeEventListener("visibilitychange", onVisibility);
      void lock?.release().catch(() => {});
    };
  }, [active]);
}
