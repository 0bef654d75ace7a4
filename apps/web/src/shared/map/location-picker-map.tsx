import type { LatLngTuple, LeafletEventHandlerFnMap, Marker as LeafletMarker } from "leaflet";
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from "react";
import { Marker, useMap, useMapEvents } from "react-leaflet";
import { BaseMap, type BaseMapProps } from "./base-map";
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, POINT_MAP_ZOOM } from "./map-config";

export type MapPoint = { latitude: number; longitude: number };

export type LocationPickerMapProps = Omit<BaseMapProps, "center" | "zoom" | "onChange"> & {
  value?: MapPoint | null;
  /** Optional so the map can sit directly in an antd Form.Item (which injects it). */
  onChange?: (point: MapPoint) => void;
  disabled?: boolean;
  /** Extra layers drawn above the tiles (e.g. other points for context). */
  children?: ReactNode;
};

function roundCoordinate(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function ClickToPlace({ onPick, disabled }: { onPick: (point: MapPoint) => void; disabled: boolean }) {
  useMapEvents({
    click(event) {
      if (disabled) return;
      onPick({ latitude: roundCoordinate(event.latlng.lat), longitude: roundCoordinate(event.latlng.lng) });
    },
  });
  return null;
}

function FollowPoint({ point }: { point: LatLngTuple | null }) {
  const map = useMap();
  const latitude = point?.[0];
  const longitude = point?.[1];
  useEffect(() => {
    if (latitude === undefined || longitude === undefined) return;
    if (!map.getBounds().contains([latitude, longitude])) map.panTo([latitude, longitude]);
  }, [map, latitude, longitude]);
  return null;
}

/** BaseMap where a click places the marker and dragging it moves it. */
export function LocationPickerMap({
  value,
  onChange,
  disabled = false,
  children,
  ...rest
}: LocationPickerMapProps) {
  const markerRef = useRef<LeafletMarker | null>(null);
  const pick = useCallback((point: MapPoint) => onChange?.(point), [onChange]);
  const point: LatLngTuple | null = value ? [value.latitude, value.longitude] : null;
  const eventHandlers = useMemo<LeafletEventHandlerFnMap>(
    () => ({
      dragend() {
        const position = markerRef.current?.getLatLng();
        if (position)
          pick({ latitude: roundCoordinate(position.lat), longitude: roundCoordinate(position.lng) });
      },
    }),
    [pick],
  );
  return (
    <BaseMap center={point ?? DEFAULT_MAP_CENTER} zoom={point ? POINT_MAP_ZOOM : DEFAULT_MAP_ZOOM} {...rest}>
      <ClickToPlace onPick={pick} disabled={disabled} />
      <FollowPoint point={point} />
      {children}
      {point && (
        <Marker
          position={point}
          draggable={!disabled}
          eventHandlers={eventHandlers}
          ref={markerRef}
          title="Ubicación seleccionada"
          alt="Ubicación seleccionada"
        />
      )}
    </BaseMap>
  );
}
