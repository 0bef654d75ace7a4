import type { SharedTrip } from "@treiber/contract";
import L, { type LatLngTuple } from "leaflet";
import { useEffect, useState } from "react";
import { CircleMarker, Marker, Polyline, Tooltip, useMap } from "react-leaflet";
import { BaseMap, DEFAULT_MAP_CENTER, POINT_MAP_ZOOM } from "../../../shared/map";

const LINE_COLOR = "#1b5e20";
const STOP_COLOR = "#c62828";

export interface SharedTripMapProps {
  trip: Pick<SharedTrip, "path" | "position" | "riderStop" | "plate">;
  height?: number | string;
}

/** The bus as an HTML marker (no image to load): a green disc with a bus glyph. */
const busIcon = L.divIcon({
  className: "shared-trip-bus-marker",
  html: '<span style="display:flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:50%;background:#1b5e20;color:#fff;border:3px solid #fff;box-shadow:0 0 4px rgba(0,0,0,.5);font-size:17px;line-height:1" aria-hidden="true">🚌</span>',
  iconSize: [32, 32],
  iconAnchor: [16, 16],
});

/** Pans to the bus when it leaves the middle of the view (the visitor's zoom is kept). */
function FollowBus({ position }: { position: LatLngTuple | null }) {
  const map = useMap();
  const [latitude, longitude] = position ?? [];
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    const point: LatLngTuple = [latitude, longitude];
    if (!map.getBounds().pad(-0.1).contains(point)) map.panTo(point);
  }, [map, latitude, longitude]);
  return null;
}

/**
 * The shared trip on the map: the route's line, the rider's stop and the bus, which moves at each
 * refresh (the camera follows it when it nears the edge). The first view fits all three.
 */
export function SharedTripMap({ trip, height = 360 }: SharedTripMapProps) {
  const bus: LatLngTuple | null = trip.position ? [trip.position.latitude, trip.position.longitude] : null;
  const stop: LatLngTuple | null = trip.riderStop
    ? [trip.riderStop.latitude, trip.riderStop.longitude]
    : null;
  // The first view only: later refreshes move the bus, not the camera (FollowBus aside).
  const [view] = useState(() => {
    const points: LatLngTuple[] = [...trip.path];
    if (bus) points.push(bus);
    if (stop) points.push(stop);
    if (points.length >= 2)
      return { bounds: points, boundsOptions: { padding: [32, 32] as [number, number] } };
    return { center: points[0] ?? DEFAULT_MAP_CENTER, zoom: POINT_MAP_ZOOM };
  });
  return (
    <div data-testid="shared-trip-map">
      <BaseMap height={height} ariaLabel="Mapa del viaje compartido" {...view}>
        {trip.path.length >= 2 ? (
          <Polyline positions={trip.path} pathOptions={{ color: LINE_COLOR, weight: 4, opacity: 0.6 }} />
        ) : null}
        {stop && trip.riderStop ? (
          <CircleMarker
            center={stop}
            radius={9}
            pathOptions={{ color: "#fff", weight: 3, fillColor: STOP_COLOR, fillOpacity: 1 }}
          >
            <Tooltip>{`Parada: ${trip.riderStop.name}`}</Tooltip>
          </CircleMarker>
        ) : null}
        {bus ? (
          <Marker position={bus} icon={busIcon} zIndexOffset={1000} title="Bus">
            <Tooltip>{trip.plate ? `Bus ${trip.plate}` : "Bus"}</Tooltip>
          </Marker>
        ) : null}
        <FollowBus position={bus} />
      </BaseMap>
    </div>
  );
}
