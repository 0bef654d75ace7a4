import type { LatLngTuple } from "leaflet";

/** OpenStreetMap's public tile server; used when VITE_MAP_TILE_URL is not set at build time. */
export const DEFAULT_MAP_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";

export const DEFAULT_MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** Santo Domingo, República Dominicana. */
export const DEFAULT_MAP_CENTER: LatLngTuple = [18.4861, -69.9312];

export const DEFAULT_MAP_ZOOM = 12;

/** Zoom used when the map is centred on one known point (a marker). */
export const POINT_MAP_ZOOM = 15;

export const MAX_MAP_ZOOM = 19;

export function resolveTileUrl(configured: string | undefined): string {
  const value = configured?.trim();
  return value ? value : DEFAULT_MAP_TILE_URL;
}

/** Tile URL template ({z}/{x}/{y}), configurable at build time with VITE_MAP_TILE_URL. */
export const MAP_TILE_URL = resolveTileUrl(import.meta.env.VITE_MAP_TILE_URL);
