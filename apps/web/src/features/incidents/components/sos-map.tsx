import type { SosPosition } from "@treiber/contract";
import type { LatLngTuple } from "leaflet";
import { useEffect } from "react";
import { CircleMarker, Polyline, Tooltip, useMap } from "react-leaflet";
import { BaseMap, DEFAULT_MAP_CENTER, POINT_MAP_ZOOM } from "../../../shared/map";

export interface SosMapProps {
  /** The followed positions, oldest first. */
  positions: readonly SosPosition[];
  height?: number;
}

const SOS_COLOR = "#cf1322";

/** Keeps the latest position in view: the map follows the person as positions arrive. */
function FollowLatest({ latest }: { latest: LatLngTuple | null }) {
  const map = useMap();
  const latitude = latest?.[0];
  const longitude = latest?.[1];
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    map.setView([latitude, longitude], Math.max(map.getZoom(), POINT_MAP_ZOOM));
  }, [map, latitude, longitude]);
  return null;
}

/**
 * The person after their SOS (issue 38): the trail (red, dashed) and the latest position (a large
 * red dot), the map following it as new positions arrive by the hub.
 */
export function SosMap({ positions, height = 360 }: SosMapProps) {
  const trail = positions.map((point): LatLngTuple => [point.latitude, point.longitude]);
  const latest = trail.at(-1) ?? null;
  return (
    <div data-testid="sos-map" data-latest-position={latest ? latest.join(",") : undefined}>
      <BaseMap
        height={height}
        ariaLabel="Mapa de la posición de la persona que envió el SOS"
        center={latest ?? DEFAULT_MAP_CENTER}
        zoom={POINT_MAP_ZOOM}
      >
        {trail.length >= 2 ? (
          <Polyline positions={trail} pathOptions={{ color: SOS_COLOR, weight: 3, dashArray: "6 6" }} />
        ) : null}
        {latest ? (
          <CircleMarker
            center={latest}
            radius={10}
            pathOptions={{ color: "#fff", weight: 3, fillColor: SOS_COLOR, fillOpacity: 1 }}
          >
            <Tooltip permanent>Última posición</Tooltip>
          </CircleMarker>
        ) : null}
        <FollowLatest latest={latest} />
      </BaseMap>
    </div>
  );
}
