import { useEffect } from "react";
import { useMap } from "react-leaflet";

/**
 * Leaflet measures its container once; inside modals, drawers or tabs that size changes (or
 * starts at 0 while animating). Re-measure whenever the container is resized.
 */
export function AutoInvalidateSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}
