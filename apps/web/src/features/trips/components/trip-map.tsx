import type { LatLngBoundsExpression, LatLngTuple } from "leaflet";
import { useEffect, useMemo, useRef } from "react";
import { CircleMarker, Polyline, Tooltip, useMap } from "react-leaflet";
import { BaseMap, DEFAULT_MAP_CENTER, POINT_MAP_ZOOM } from "../../../shared/map";
import { type LatLng, type TrailPoint, toLatLng } from "../lib/trail";

const TRAIL_COLOR = "#1b5e20";

export interface TripMapProps {
  trail: TrailPoint[];
  /** The last known position (may be newer than the trail's last point). */
  current: LatLng | null;
  destination?: { name: string | null; position: LatLng } | null;
  /** Keeps the live position in view as it moves. */
  follow?: boolean;
  height?: number;
}

/** Pans to the live position when it leaves the visible area. */
function FollowPosition({ position }: { position: LatLng | null }) {
  const map = useMap();
  useEffect(() => {
    if (position && !map.getBounds().pad(-0.1).contains(position)) map.panTo(position);
  }, [map, position]);
  return null;
}

/** A trip on the map: trail (polyline), start, live or last position, destination. */
export function TripMap({ trail, current, destination, follow = false, height = 420 }: TripMapProps) {
  const points = useMemo(() => trail.map(toLatLng), [trail]);
  // The initial view only: later positions move the marker, not the camera (unless following).
  const initialView = useRef<{ bounds?: LatLngBoundsExpression; center: LatLngTuple; zoom?: number } | null>(
    null,
  );
  if (initialView.current === null) {
    const all: LatLngTuple[] = [...points];
    if (current) all.push(current);
    if (destination) all.push(destination.position);
    const [first] = all;
    initialView.current =
      all.length >= 2
        ? { bounds: all, center: first ?? DEFAULT_MAP_CENTER }
        : { center: first ?? DEFAULT_MAP_CENTER, zoom: first ? POINT_MAP_ZOOM : undefined };
  }
  const view = initialView.current;
  const start = points[0];
  const last = current ?? points.at(-1) ?? null;

  return (
    <div data-testid="trip-map">
      <BaseMap
        height={height}
        ariaLabel="Mapa del recorrido"
        center={view.center}
        {...(view.zoom !== undefined && { zoom: view.zoom })}
        {...(view.bounds && { bounds: view.bounds, boundsOptions: { padding: [32, 32] } })}
      >
        {points.length >= 2 ? (
          <Polyline
            positions={points}
            className="trip-trail"
            pathOptions={{ color: TRAIL_COLOR, weight: 4, opacity: 0.8 }}
          />
        ) : null}
        {start ? (
          <CircleMarker
            center={start}
            radius={6}
            pathOptions={{ color: "#555", fillColor: "#fff", fillOpacity: 1 }}
          >
            <Tooltip>Inicio</Tooltip>
          </CircleMarker>
        ) : null}
        {destination ? (
          <CircleMarker
            center={destination.position}
            radius={8}
            pathOptions={{ color: "#d32f2f", fillColor: "#d32f2f", fillOpacity: 0.8 }}
          >
            <Tooltip>{destination.name ? `Destino: ${destination.name}` : "Destino"}</Tooltip>
          </CircleMarker>
        ) : null}
        {last ? (
          <CircleMarker
            center={last}
            radius={9}
            className="trip-position-marker"
            pathOptions={{ color: "#fff", weight: 3, fillColor: TRAIL_COLOR, fillOpacity: 1 }}
          >
            <Tooltip>{follow ? "Posición actual" : "Última posición"}</Tooltip>
          </CircleMarker>
        ) : null}
        {follow ? <FollowPosition position={last} /> : null}
      </BaseMap>
    </div>
  );
}
