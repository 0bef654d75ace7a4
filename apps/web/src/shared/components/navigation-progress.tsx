import NProgress from "nprogress";
import "nprogress/nprogress.css";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { PROGRESS_THROTTLE_MS } from "../constants";

NProgress.configure({ showSpinner: false, trickleSpeed: PROGRESS_THROTTLE_MS, speed: PROGRESS_THROTTLE_MS });

/** Top progress bar: starts after 200 ms of pending navigation, finishes when idle (spec §9). */
export function NavigationProgress() {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle";

  useEffect(() => {
    if (!pending) {
      NProgress.done();
      return;
    }
    const timer = window.setTimeout(() => NProgress.start(), PROGRESS_THROTTLE_MS);
    return () => window.clearTimeout(timer);
  }, [pending]);

  return null;
}
