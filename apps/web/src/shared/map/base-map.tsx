import "leaflet/dist/leaflet.css";
import "./leaflet-default-icon";
import type { CSSProperties, ReactNode } from "react";
import { MapContainer, type MapContainerProps, TileLayer } from "react-leaflet";
import { AutoInvalidateSize } from "./auto-invalidate-size";
import {
  DEFAULT_MAP_ATTRIBUTION,
  DEFAULT_MAP_CENTER,
  DEFAULT_MAP_ZOOM,
  MAP_TILE_URL,
  MAX_MAP_ZOOM,
} from "./map-config";

export type BaseMapProps = Omit<MapContainerProps, "children" | "style"> & {
  children?: ReactNode;
  /** CSS height of the map; Leaflet needs an explicit one. */
  height?: CSSProperties["height"];
  style?: CSSProperties;
  /** Accessible name of the map region. */
  ariaLabel?: string;
};

/**
 * Leaflet map with the configured tile layer (VITE_MAP_TILE_URL, OpenStreetMap by default),
 * centred on Santo Domingo unless told otherwise. Without internet only the tiles fail to load;
 * markers, lines and interaction keep working.
 */
export function BaseMap({
  children,
  height = 400,
  style,
  ariaLabel = "Mapa",
  center = DEFAULT_MAP_CENTER,
  zoom = DEFAULT_MAP_ZOOM,
  scrollWheelZoom = true,
  ...rest
}: BaseMapProps) {
  return (
    <section aria-label={ariaLabel} data-testid="base-map">
      <MapContainer
        center={rest.bounds ? undefined : center}
        zoom={rest.bounds ? undefined : zoom}
        scrollWheelZoom={scrollWheelZoom}
        maxZoom={MAX_MAP_ZOOM}
        style={{ height, width: "100%", borderRadius: 8, ...style }}
        {...rest}
      >
        <TileLayer url={MAP_TILE_URL} attribution={DEFAULT_MAP_ATTRIBUTION} maxZoom={MAX_MAP_ZOOM} />
        <AutoInvalidateSize />
        {children}
      </MapContainer>
    </section>
  );
}
