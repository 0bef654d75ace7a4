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

/** A bus, drawn inline (no image, no emoji font needed): Material's «directions_bus». */
const BUS_SVG =
  '<svg viewBox="0 0 24 24" width="18" height="18" fill="#fff" aria-hidden="true"><path d="M4 16c0 .88.39 1.67 1 2.22V20a1 1 0 0 0 1 1h1a1 1 0 0 0 1-1v-1h8v1a1 1 0 0 0 1 1h1a1 1 0 0 0 1-1v-1.78c.61-.55 1-1.34 1-2.22V6c0-3.5-3.58-4-8-4s-8 .5-8 4v10zm3.5 1a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zm9 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3zM18 11H6V6h12v5z"/></svg>';

/** The bus as an HTML marker: a green disc with the bus, above the line and the stop. */
const busIcon = L.divIcon({
  className: "shared-trip-bus-marker",
  html: `<span style="display:flex;align-items:center;justify-content:center;width:32px;height:32px;border-radius:50%;background:${LINE_COLOR};border:3px solid #fff;box-shadow:0 0 4px rgba(0,0,0,.5);box-sizing:border-box">${BUS_SVG}</span>`,
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
