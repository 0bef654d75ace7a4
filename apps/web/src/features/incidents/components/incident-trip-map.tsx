import { formatClockTime } from "@treiber/client/format";
import type { IncidentItem, IncidentTripView } from "@treiber/contract";
import L, { type LatLngTuple } from "leaflet";
import { useState } from "react";
import { CircleMarker, Marker, Polyline, Tooltip } from "react-leaflet";
import { BaseMap, DEFAULT_MAP_CENTER } from "../../../shared/map";
import { stopKey } from "../lib/stop-key";

export interface IncidentTripMapProps {
  view: IncidentTripView;
  /** The incident whose evidence is highlighted (the one opened from the panel). */
  selectedId: number | null;
  height?: number;
}

const TRACE_COLOR = "#1b5e20";
const PLAN_COLOR = "#0958d9";
const EVIDENCE_COLOR = "#cf1322";

/** A numbered stop (an HTML marker: no image to load). */
function stopIcon(number: number) {
  return L.divIcon({
    className: "incident-stop-marker",
    html: `<span style="display:flex;align-items:center;justify-content:center;width:22px;height:22px;border-radius:50%;background:${PLAN_COLOR};color:#fff;font:600 12px/1 sans-serif;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.6)">${number}</span>`,
    iconSize: [22, 22],
    iconAnchor: [11, 11],
  });
}

const evidenceOf = (incidents: IncidentItem[], selectedId: number | null) =>
  incidents.flatMap((incident) =>
    incident.evidence.map((point, index) => ({
      key: `${incident.id}-${index}`,
      position: [point.latitude, point.longitude] as LatLngTuple,
      selected: incident.id === selectedId,
      at: point.at,
    })),
  );

/**
 * A trip against its plan: the planned path (dashed blue), its numbered stops with planned times,
 * the trip's own trace (green) and the incidents' evidence positions (red, drawn on top; the opened
 * incident's larger). Fits everything when it mounts.
 */
export function IncidentTripMap({ view, selectedId, height = 380 }: IncidentTripMapProps) {
  const evidence = evidenceOf(view.incidents, selectedId);
  const [bounds] = useState(() => {
    const points: LatLngTuple[] = [
      ...view.plannedPath,
      ...view.trace,
      ...view.stops.map((stop): LatLngTuple => [stop.latitude, stop.longitude]),
      ...evidence.map((point) => point.position),
    ];
    return points.length >= 2 ? points : null;
  });
  const last = view.trace.at(-1);
  return (
    <div data-testid="incident-trip-map">
      <BaseMap
        height={height}
        ariaLabel="Mapa del viaje con su plan"
        {...(bounds ? { bounds, boundsOptions: { padding: [24, 24] } } : { center: DEFAULT_MAP_CENTER })}
      >
        {view.plannedPath.length >= 2 ? (
          <Polyline
            positions={view.plannedPath}
            pathOptions={{ color: PLAN_COLOR, weight: 4, opacity: 0.6, dashArray: "8 8" }}
          />
        ) : null}
        {view.trace.length >= 2 ? (
          <Polyline positions={view.trace} pathOptions={{ color: TRACE_COLOR, weight: 4, opacity: 0.85 }} />
        ) : null}
        {view.stops.map((stop, index) => {
          const title = `Parada ${index + 1}: ${stop.name}${stop.plannedTime ? `, ${formatClockTime(stop.plannedTime)}` : ""}`;
          return (
            <Marker
              key={stopKey(stop)}
              position={[stop.latitude, stop.longitude]}
              icon={stopIcon(index + 1)}
              title={title}
              alt={title}
            >
              <Tooltip>{title}</Tooltip>
            </Marker>
          );
        })}
        {last ? (
          <CircleMarker
            center={last}
            radius={8}
            pathOptions={{ color: "#fff", weight: 3, fillColor: TRACE_COLOR, fillOpacity: 1 }}
          >
            <Tooltip>Última posición</Tooltip>
          </CircleMarker>
        ) : null}
        {evidence.map((point) => (
          <CircleMarker
            key={point.key}
            center={point.position}
            radius={point.selected ? 8 : 5}
            pathOptions={{
              color: "#fff",
              weight: point.selected ? 2 : 1,
              fillColor: EVIDENCE_COLOR,
              fillOpacity: point.selected ? 0.95 : 0.55,
            }}
          >
            <Tooltip>
              {point.selected ? "Evidencia de la incidencia" : "Evidencia de otra incidencia"}
            </Tooltip>
          </CircleMarker>
        ))}
      </BaseMap>
    </div>
  );
}
