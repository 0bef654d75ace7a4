import { useEffect, useRef, useState } from "react";
import { appHub } from "../../shared/hub";
import { sendGeolocationByHub } from "./driver-hub";
import { createPositionThrottle } from "./position-throttle";
import { type Coordinates, sendPosition } from "./trip-api";

export type GpsStatus = "active" | "no-signal" | "offline";

export const GPS_LABELS: Record<GpsStatus, string> = {
  active: "GPS activo",
  "no-signal": "Sin señal GPS",
  offline: "Sin conexión",
};

/** A fix older than this counts as no signal. */
const STALE_FIX_MS = 30_000;

/**
 * While `tripId` runs: watches the phone's position, sends at most one every 5 s (hub
 * `SendGeolocation` when connected, else REST through the outbox) and reports the GPS state.
 */
export function useTripGps(tripId: number | null): { status: GpsStatus; position: Coordinates | null } {
  const [position, setPosition] = useState<Coordinates | null>(null);
  const [lastFix, setLastFix] = useState<number | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const [now, setNow] = useState(() => Date.now());
  const throttle = useRef(createPositionThrottle());

  useEffect(() => {
    const update = () => setOnline(navigator.onLine !== false);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    const timer = setInterval(() => setNow(Date.now()), 5_000);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
      clearInterval(timer);
    };
  }, []);

  useEffect(() => {
    if (tripId === null) return;
    void appHub().start();
    const geolocation = "geolocation" in navigator ? navigator.geolocation : null;
    if (!geolocation) return () => void appHub().stop();
    const watchId = geolocation.watchPosition(
      (fix) => {
        const coordinates = { latitude: fix.coords.latitude, longitude: fix.coords.longitude };
        const at = Date.now();
        setPosition(coordinates);
        setLastFix(at);
        if (!throttle.current.shouldSend(at)) return;
        sendGeolocationByHub(tripId, coordinates.latitude, coordinates.longitude)
          .then((sent) => (sent ? undefined : sendPosition(tripId, coordinates)))
          .catch(() => sendPosition(tripId, coordinates).catch(() => {}));
      },
      () => setLastFix(null),
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 20_000 },
    );
    return () => {
      geolocation.clearWatch(watchId);
      void appHub().stop();
    };
  }, [tripId]);

  const hasSignal = lastFix !== null && now - lastFix < STALE_FIX_MS;
  const status: GpsStatus = !online ? "offline" : hasSignal ? "active" : "no-signal";
  return { status, position };
}
