import { type ActiveTrip, HUB_EVENTS } from "@treiber/contract";
import L from "leaflet";
import { useCallback, useEffect, useRef } from "react";
import { useMap } from "react-leaflet";
import { useHubEvent } from "../../../shared/realtime";
import { parseFinishedTripId, parseGeolocation } from "../../../shared/realtime/parse-geolocation";
import { markerStyle } from "../lib/alert-style";
import { createFrameBatcher } from "../lib/frame-batcher";
import { createMarkerRegistry, type KnownTrip, type LivePosition } from "../lib/marker-registry";
import { type AlertLevel, createTripAlerts, parseLiveIncident } from "../lib/trip-alerts";

export type LiveTripInfo = KnownTrip &
  Pick<ActiveTrip, "routeName" | "driverName" | "driverLastname" | "supplierName" | "openIncidents">;

/** A bus the map marks: its trip, route, level and what is wrong, in words. */
export interface FlaggedTrip {
  tripId: number;
  routeName: string;
  level: Exclude<AlertLevel, null>;
  description: string;
}

export interface LiveMarkersLayerProps {
  trips: readonly LiveTripInfo[] | undefined;
  /** A position arrived for a trip the list does not know (it started after the last load). */
  onUnknownTrip: () => void;
  onOpenTrip: (id: number) => void;
  /** Reports how many markers are on the map. */
  onCount: (count: number) => void;
  /** Reports the buses marked for an unclosed incident, critical first (issue 33). */
  onFlagged?: (flagged: FlaggedTrip[]) => void;
}

/** Positions are applied in an animation frame at most this often: a few canvas redraws per second. */
const FLUSH_INTERVAL_MS = 250;

function fitToMarkers(map: L.Map, positions: [number, number][]) {
  if (positions.length === 0) return;
  map.fitBounds(L.latLngBounds(positions), { padding: [32, 32], maxZoom: 14 });
}

/**
 * Every trip in progress as a CircleMarker on one shared canvas renderer, managed imperatively:
 * positions from `ReceivedDriverGeolocation` are batched per animation frame and moved with
 * `setLatLng`, so thousands of markers update without React re-rendering. A bus with an unclosed
 * incident is drawn bigger, ringed and red (critical) or amber (warning), kept current by
 * `ReceiveIncident` (issue 33).
 */
export function LiveMarkersLayer({
  trips,
  onUnknownTrip,
  onOpenTrip,
  onCount,
  onFlagged,
}: LiveMarkersLayerProps) {
  const map = useMap();
  const info = useRef(new Map<number, LiveTripInfo>());
  const alerts = useRef(createTripAlerts());
  const markers = useRef(new Map<number, L.CircleMarker>());
  /** The level each marker is drawn with. */
  const drawn = useRef(new Map<number, AlertLevel>());
  const callbacks = useRef({ onUnknownTrip, onOpenTrip, onCount, onFlagged });
  callbacks.current = { onUnknownTrip, onOpenTrip, onCount, onFlagged };

  /** Draws a bus as its incidents say (only when that changed); a critical one on top of the others. */
  const restyle = useCallback((tripId: number) => {
    const marker = markers.current.get(tripId);
    const level = alerts.current.level(tripId);
    if (!marker || drawn.current.get(tripId) === level) return;
    drawn.current.set(tripId, level);
    marker.setStyle(markerStyle(level));
    if (level === "critical") marker.bringToFront();
  }, []);
  const reportFlagged = useCallback(() => {
    const onMap = alerts.current
      .flagged()
      .filter(({ tripId }) => info.current.has(tripId) || markers.current.has(tripId));
    const flagged = onMap.map(({ tripId, level }) => ({
      tripId,
      level,
      routeName: info.current.get(tripId)?.routeName ?? `Ruta en curso #${tripId}`,
      description: alerts.current.describe(tripId) ?? "",
    }));
    callbacks.current.onFlagged?.(flagged);
  }, []);

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
        const level = alerts.current.level(tripId);
        const marker = L.circleMarker(position, { ...markerStyle(level), renderer });
        marker.bindTooltip(() => {
          const trip = info.current.get(tripId);
          const alert = alerts.current.describe(tripId);
          const alertLine = alert ? `<br/><strong>${escapeHtml(alert)}</strong>` : "";
          if (!trip) return `Ruta en curso #${tripId}${alertLine}`;
          return `<strong>${escapeHtml(trip.routeName)}</strong><br/>${escapeHtml(
            `${trip.driverName} ${trip.driverLastname}`.trim(),
          )}<br/>${escapeHtml(trip.supplierName)}${alertLine}`;
        });
        marker.on("click", () => callbacks.current.onOpenTrip(tripId));
        layer.addLayer(marker);
        markers.current.set(tripId, marker);
        drawn.current.set(tripId, level);
        if (level === "critical") marker.bringToFront();
        return marker;
      },
      remove(marker, tripId) {
        layer.removeLayer(marker);
        markers.current.delete(tripId);
        drawn.current.delete(tripId);
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
    alerts.current.sync(trips);
    current.registry.sync(trips);
    for (const tripId of markers.current.keys()) restyle(tripId);
    reportFlagged();
    callbacks.current.onCount(current.registry.size);
    if (!current.fitted && current.registry.size > 0) {
      current.fitted = true;
      fitToMarkers(map, current.registry.positions());
    }
  }, [trips, map, restyle, reportFlagged]);

  useHubEvent(HUB_EVENTS.receivedDriverGeolocation, (argument) => {
    const update = parseGeolocation(argument);
    if (!update) return;
    state.current?.batcher.push(update.intermediateRouteId, {
      position: [update.latitude, update.longitude],
      date: update.date,
    });
  });

  useHubEvent(HUB_EVENTS.receiveIncident, (argument) => {
    const incident = parseLiveIncident(argument);
    const tripId = incident ? alerts.current.apply(incident) : null;
    if (tripId === null) return;
    restyle(tripId);
    reportFlagged();
  });

  useHubEvent(HUB_EVENTS.finishIntermediateRoute, (argument) => {
    const id = parseFinishedTripId(argument);
    const current = state.current;
    if (id === null || !current) return;
    current.registry.finish(id);
    callbacks.current.onCount(current.registry.size);
    alerts.current.forget(id);
    reportFlagged();
  });

  return null;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
