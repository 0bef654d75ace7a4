import { type ActiveTrip, HUB_EVENTS } from "@treiber/contract";
import L from "leaflet";
import { useEffect, useRef } from "react";
import { useMap } from "react-leaflet";
import { useHubEvent } from "../../../shared/realtime";
import { parseFinishedTripId, parseGeolocation } from "../../../shared/realtime/parse-geolocation";
import { createFrameBatcher } from "../lib/frame-batcher";
import { createMarkerRegistry, type KnownTrip, type LivePosition } from "../lib/marker-registry";

export type LiveTripInfo = KnownTrip &
  Pick<ActiveTrip, "routeName" | "driverName" | "driverLastname" | "supplierName">;

export interface LiveMarkersLayerProps {
  trips: readonly LiveTripInfo[] | undefined;
  /** A position arrived for a trip the list does not know (it started after the last load). */
  onUnknownTrip: () => void;
  onOpenTrip: (id: number) => void;
  /** Reports how many markers are on the map. */
  onCount: (count: number) => void;
}

/**
 * Filled circles without a stroke: a canvas redraw of 2,000 stroked circles costs about ten times
 * as much as filled ones. The translucent fill keeps overlapping markers readable.
 */
const MARKER_STYLE: L.CircleMarkerOptions = {
  radius: 7,
  stroke: false,
  fillColor: "#1b5e20",
  fillOpacity: 0.85,
};

/** Positions are applied in an animation frame at most this often: a few canvas redraws per second. */
const FLUSH_INTERVAL_MS = 250;

function fitToMarkers(map: L.Map, positions: [number, number][]) {
  if (positions.length === 0) return;
  map.fitBounds(L.latLngBounds(positions), { padding: [32, 32], maxZoom: 14 });
}

/**
 * Every trip in progress as a CircleMarker on one shared canvas renderer, managed imperatively:
 * positions from `ReceivedDriverGeolocation` are batched per animation frame and moved with
 * `setLatLng`, so thousands of markers update without React re-rendering.
 */
export function LiveMarkersLayer({ trips, onUnknownTrip, onOpenTrip, onCount }: LiveMarkersLayerProps) {
  const map = useMap();
  const info = useRef(new Map<number, LiveTripInfo>());
  const callbacks = useRef({ onUnknownTrip, onOpenTrip, onCount });
  callbacks.current = { onUnknownTrip, onOpenTrip, onCount };

  const state = useRef<{
    registry: ReturnType<typeof createMarkerRegistry<L.CircleMarker>>;
    batcher: ReturnType<typeof createFrameBatcher<number, LivePosition>>;
    fitted: boolean;
  } | null>(null);

  useEffect(() => {
    const renderer = L.canvas({ padding: 0.5 });
    const layer = L.layerGroup().addTo(map);
    const registry = createMarkerRegistry<L.CircleMarker>({
      create(tripId, position) {
        const marker = L.circleMarker(position, { ...MARKER_STYLE, renderer });
        marker.bindTooltip(() => {
          const trip = info.current.get(tripId);
          if (!trip) return `Ruta en curso #${tripId}`;
          return `<strong>${escapeHtml(trip.routeName)}</strong><br/>${escapeHtml(
            `${trip.driverName} ${trip.driverLastname}`.trim(),
          )}<br/>${escapeHtml(trip.supplierName)}`;
        });
        marker.on("click", () => callbacks.current.onOpenTrip(tripId));
        layer.addLayer(marker);
        return marker;
      },
      remove(marker) {
        layer.removeLayer(marker);
      },
    });
    const batcher = createFrameBatcher<number, LivePosition>(
      (batch) => {
        const before = registry.size;
        if (registry.move(batch) > 0) callbacks.current.onUnknownTrip();
        if (registry.size !== before) callbacks.current.onCount(registry.size);
      },
      { minIntervalMs: FLUSH_INTERVAL_MS },
    );
    state.current = { registry, batcher, fitted: false };
    return () => {
      batcher.dispose();
      registry.clear();
      layer.remove();
      state.current = null;
    };
  }, [map]);

  useEffect(() => {
    const current = state.current;
    if (!current || !trips) return;
    info.current = new Map(trips.map((trip) => [trip.id, trip]));
    current.registry.sync(trips);
    callbacks.current.onCount(current.registry.size);
    if (!current.fitted && current.registry.size > 0) {
      current.fitted = true;
      fitToMarkers(map, current.registry.positions());
    }
  }, [trips, map]);

  useHubEvent(HUB_EVENTS.receivedDriverGeolocation, (argument) => {
    const update = parseGeolocation(argument);
    if (!update) return;
    state.current?.batcher.push(update.intermediateRouteId, {
      position: [update.latitude, update.longitude],
      date: update.date,
    });
  });

  useHubEvent(HUB_EVENTS.finishIntermediateRoute, (argument) => {
    const id = parseFinishedTripId(argument);
    const current = state.current;
    if (id === null || !current) return;
    current.registry.finish(id);
    callbacks.current.onCount(current.registry.size);
  });

  return null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
