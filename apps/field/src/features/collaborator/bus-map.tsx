import "leaflet/dist/leaflet.css";
import type { GeoPoint } from "@treiber/contract/geo";
import { useEffect } from "react";
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip, useMap } from "react-leaflet";

/** OpenStreetMap's public tiles unless VITE_MAP_TILE_URL is set at build time (as in the back office). */
const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const TILE_URL = import.meta.env.VITE_MAP_TILE_URL?.trim() || DEFAULT_TILE_URL;
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
const ZOOM = 15;

const toTuple = (point: GeoPoint): [number, number] => [point.latitude, point.longitude];

/** Keeps the bus (and my stop, else me, when known) in view as it moves. */
function FollowBus(props: { bus: GeoPoint; me: GeoPoint | null }) {
  const map = useMap();
  const { latitude, longitude } = props.bus;
  const meLatitude = props.me?.latitude;
  const meLongitude = props.me?.longitude;
  useEffect(() => {
    if (meLatitude === undefined || meLongitude === undefined) {
      map.panTo([latitude, longitude], { animate: true });
      return;
    }
    map.fitBounds(
      [
        [latitude, longitude],
        [meLatitude, meLongitude],
      ],
      { padding: [40, 40], maxZoom: 16, animate: true },
    );
  }, [map, latitude, longitude, meLatitude, meLongitude]);
  return null;
}

/** The bus (and its trail), me and my stop on a Leaflet map; loaded on demand with Leaflet itself. */
export default function BusMap(props: {
  bus: GeoPoint;
  trail: GeoPoint[];
  me: GeoPoint | null;
  /** My own stop on the route, when I have one. */
  stop?: GeoPoint | null;
}) {
  return (
    <section className="bus-map" aria-label="Mapa de mi bus" data-testid="bus-map">
      <MapContainer center={toTuple(props.bus)} zoom={ZOOM} style={{ height: "100%", width: "100%" }}>
        <TileLayer url={TILE_URL} attribution={ATTRIBUTION} maxZoom={19} />
        {props.trail.length > 1 ? (
          <Polyline positions={props.trail.map(toTuple)} pathOptions={{ color: "#1b5e20", weight: 4 }} />
        ) : null}
        {props.me ? (
          <CircleMarker
            center={toTuple(props.me)}
            radius={8}
            pathOptions={{ color: "#0d47a1", fillOpacity: 0.9 }}
          >
            <Tooltip>Usted</Tooltip>
          </CircleMarker>
        ) : null}
        {props.stop ? (
          <CircleMarker
            center={toTuple(props.stop)}
            radius={9}
            pathOptions={{ color: "#e65100", fillOpacity: 0.9 }}
          >
            <Tooltip>Su parada</Tooltip>
          </CircleMarker>
        ) : null}
        <CircleMarker
          center={toTuple(props.bus)}
          radius={11}
          pathOptions={{ color: "#1b5e20", fillOpacity: 0.9 }}
        >
          <Tooltip permanent direction="top">
            Bus
          </Tooltip>
        </CircleMarker>
        <FollowBus bus={props.bus} me={props.stop ?? props.me} />
      </MapContainer>
    </section>
  );
}
