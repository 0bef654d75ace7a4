import { useEffect, useState } from "react";
import { appHub } from "../../../shared/hub";
import type { TripKey } from "./local-trip";
import { sendTripPosition } from "./position-sender";
import type { Coordinates } from "./trip-api";

export type GpsStatus = "active" | "no-signal" | "offline" | "denied";

export const GPS_LABELS: Record<GpsStatus, string> = {
  active: "GPS activo",
  "no-signal": "Sin señal GPS",
  offline: "Sin conexión",
  denied: "Ubicación bloqueada",
};

/** A fix older than this counts as no signal. */
const STALE_FIX_MS = 30_000;

/**
 * While `trip` runs: watches the phone's position, sends at most one every 5 s with the time it was
 * taken (hub, or the outbox when the hub cannot take it: see sendTripPosition) and reports the GPS
 * state, "denied" when the phone refuses the location to the app.
 */
export function useTripGps(trip: TripKey | null): { status: GpsStatus; position: Coordinates | null } {
  const [position, setPosition] = useState<Coordinates | null>(null);
  const [lastFix, setLastFix] = useState<number | null>(null);
  const [denied, setDenied] = useState(false);
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const [now, setNow] = useState(() => Date.now());
  const tripId = trip?.id ?? null;
  const tripRef = trip?.ref ?? null;
  const running = trip !== null;

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
    if (!running) return;
    const key: TripKey = { id: tripId, ref: tripRef };
    void appHub().start();
    const geolocation = "geolocation" in navigator ? navigator.geolocation : null;
    if (!geolocation) return () => void appHub().stop();
    const watchId = geolocation.watchPosition(
      (fix) => {
        const coordinates = { latitude: fix.coords.latitude, longitude: fix.coords.longitude };
        const at = Date.now();
        setDenied(false);
        setPosition(coordinates);
        setLastFix(at);
        sendTripPosition(key, coordinates, at);
      },
      (error) => {
        setLastFix(null);
        setDenied(error.code === error.PERMISSION_DENIED);
      },
      { enableHighAccuracy: true, maximumAge: 5_000, timeout: 20_000 },
    );
    return () => {
      geolocation.clearWatch(watchId);
      void appHub().stop();
    };
  }, [running, tripId, tripRef]);

  const hasSignal = lastFix !== null && now - lastFix < STALE_FIX_MS;
  const status: GpsStatus = denied ? "denied" : !online ? "offline" : hasSignal ? "active" : "no-signal";
  return { status, position };
}
