import { existsSync } from "node:fs";

/**
 * The system Chromium the journeys drive: CHROMIUM_PATH, else Debian's headless shell (package
 * chromium-headless-shell: the same engine without the desktop browser's shell, about a fifth less
 * CPU per journey, decision 0054), else Debian's chromium.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/** Flags for this machine's closed network: no background calls home, no GPU. */
export const HEADLESS_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
