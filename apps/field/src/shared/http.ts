import { createHttpClient } from "@treiber/client";
import { sessionStore } from "./session";

type Listener = () => void;
let onExpired: Listener = () => {};

/** What to do when the session cannot be renewed (set once by the router: go to the sign-in page). */
export function setSessionExpiredHandler(listener: Listener): void {
  onExpired = listener;
}

/** The one HTTP client of the app: bearer + GMT headers, single-flight refresh (shared client package). */
export const http = createHttpClient({
  session: sessionStore,
  onSessionExpired: () => onExpired(),
});
