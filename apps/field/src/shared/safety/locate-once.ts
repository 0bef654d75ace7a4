import type { Fix } from "./safety-api";

/** How long an SOS waits for the phone's position (the hold and countdown take 7 s of it). */
export const LOCATE_TIMEOUT_MS = 12_000;

/** The phone's position now (high accuracy, a fix up to 30 s old), or null when it gives none. */
export function locateOnce(): Promise<Fix | null> {
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: Number.isFinite(position.coords.accuracy) ? position.coords.accuracy : undefined,
        }),
      () => resolve(null),
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: LOCATE_TIMEOUT_MS },
    );
  });
}
