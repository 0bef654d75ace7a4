import NProgress from "nprogress";
import "nprogress/nprogress.css";
import { useEffect } from "react";
import { useNavigation } from "react-router";
import { PROGRESS_THROTTLE_MS } from "../constants";

NProgress.configure({
  showSpinner: false,
  trickleSpeed: PROGRESS_THROTTLE_MS,
  speed: PROGRESS_THROTTLE_MS,
  // nprogress' own template says role="bar", which is no ARIA role (axe: a critical violation while
  // the bar shows). A decoration: hidden from assistive technology.
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: ".bar",
});

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
