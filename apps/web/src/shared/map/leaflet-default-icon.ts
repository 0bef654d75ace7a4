import L from "leaflet";
import markerIconUrl from "leaflet/dist/images/marker-icon.png";
import markerIcon2xUrl from "leaflet/dist/images/marker-icon-2x.png";
import markerShadowUrl from "leaflet/dist/images/marker-shadow.png";

/**
 * Leaflet guesses its default marker image path from the CSS at run time, which breaks once a
 * bundler fingerprints the files. Point the default icon at the bundled images instead.
 * Idempotent; runs when this module is first imported.
 */
export function fixLeafletDefaultIcon(): void {
  const prototype = L.Icon.Default.prototype as L.Icon.Default & { _getIconUrl?: unknown };
  delete prototype._getIconUrl;
  L.Icon.Default.mergeOptions({
    iconRetinaUrl: markerIcon2xUrl,
    iconUrl: markerIconUrl,
    shadowUrl: markerShadowUrl,
  });
}

fixLeafletDefaultIcon();
