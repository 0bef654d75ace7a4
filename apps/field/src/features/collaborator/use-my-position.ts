import type { GeoPoint } from "@treiber/contract/geo";
import { useCallback, useEffect, useRef, useState } from "react";

export type MyPositionState =
  | { kind: "off" }
  | { kind: "waiting" }
  | { kind: "on"; position: GeoPoint }
  | { kind: "failed"; message: string };

function messageOf(error: GeolocationPositionError): string {
  if (error.code === error.PERMISSION_DENIED) return "No se permitió usar su ubicación";
  if (error.code === error.TIMEOUT) return "No se obtuvo su ubicación a tiempo";
  return "No se pudo obtener su ubicación";
}

/** The phone's position, only once the rider asks for it ("Usar mi ubicación"), followed while on screen. */
export function useMyPosition(): { state: MyPositionState; start: () => void } {
  const [state, setState] = useState<MyPositionState>({ kind: "off" });
  const watch = useRef<number | null>(null);

  const start = useCallback(() => {
    if (!("geolocation" in navigator)) {
      setState({ kind: "failed", message: "Este navegador no da su ubicación" });
      return;
    }
    if (watch.current !== null) return;
    setState({ kind: "waiting" });
    watch.current = navigator.geolocation.watchPosition(
      (position) =>
        setState({
          kind: "on",
          position: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        }),
      (error) => {
        if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
        watch.current = null;
        setState({ kind: "failed", message: messageOf(error) });
      },
      { enableHighAccuracy: true, maximumAge: 30_000, timeout: 20_000 },
    );
  }, []);

  useEffect(
    () => () => {
      if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    },
    [],
  );
  return { state, start };
}
