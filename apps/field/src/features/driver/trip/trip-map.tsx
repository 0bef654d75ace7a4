import "leaflet/dist/leaflet.css";
import { useEffect } from "react";
import { CircleMarker, MapContainer, TileLayer, useMap } from "react-leaflet";
import type { Coordinates } from "./trip-api";

/** Same tiles as the back office: VITE_MAP_TILE_URL at build time, else OpenStreetMap's. */
const TILE_URL =
  import.meta.env.VITE_MAP_TILE_URL?.trim() || "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';
const ZOOM = 16;

function FollowPosition(props: { position: Coordinates }) {
  const map = useMap();
  const { latitude, longitude } = props.position;
  useEffect(() => {
    map.setView([latitude, longitude], map.getZoom(), { animate: false });
  }, [map, latitude, longitude]);
  return null;
}

/** A small map centred on the phone's position (loaded on demand with Leaflet; never on the first screen). */
export function TripMap(props: { position: Coordinates }) {
  const center: [number, number] = [props.position.latitude, props.position.longitude];
  return (
    <MapContainer className="trip-map" center={center} zoom={ZOOM} zoomControl={false} attributionControl>
      <TileLayer url={TILE_URL} attribution={ATTRIBUTION} maxZoom={19} />
      <CircleMarker
        center={center}
        radius={9}
        pathOptions={{ color: "#fff", weight: 3, fillColor: "#1b5e20", fillOpacity: 1 }}
      />
      <FollowPosition position={props.position} />
    </MapContainer>
  );
}
