import type { TripDetail } from "@treiber/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { loadTrip } from "./trip-api";

/** The trip, loaded on mount; `refresh()` reloads it in place (the screen keeps what it shows). */
export function useTrip(id: number) {
  const [trip, setTrip] = useState<TripDetail | null>(null);
  const [error, setError] = useState<unknown>(null);
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const call = ++latest.current;
    try {
      const data = await loadTrip(id);
      if (call === latest.current) {
        setTrip(data);
        setError(null);
      }
    } catch (cause) {
      if (call === latest.current) setError(cause);
    }
  }, [id]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  return { trip, error, refresh };
}
