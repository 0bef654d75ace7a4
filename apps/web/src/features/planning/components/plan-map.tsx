import { formatClockTime } from "@treiber/client/format";
import type { PlanPoint, PlanRoute, ShiftDirection } from "@treiber/contract";
import L, { type LatLngTuple } from "leaflet";
import { useState } from "react";
import { CircleMarker, Marker, Polyline, Tooltip } from "react-leaflet";
import { BaseMap, DEFAULT_MAP_CENTER } from "../../../shared/map";
import { routeColor } from "../lib/route-colors";

export interface PlanMapProps {
  routes: PlanRoute[];
  direction: ShiftDirection;
  workplace: PlanPoint & { name: string };
  height?: number;
}

const toLatLng = (point: PlanPoint): LatLngTuple => [point.latitude, point.longitude];

/** A numbered stop in its route's colour (an HTML marker: no image to load). */
function stopIcon(number: number, color: string) {
  return L.divIcon({
    className: "plan-stop-marker",
    html: `<span style="display:flex;align-items:center;justify-content:center;width:24px;height:24px;border-radius:50%;background:${color};color:#fff;font:600 12px/1 sans-serif;border:2px solid #fff;box-shadow:0 0 2px rgba(0,0,0,.6)">${number}</span>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  });
}

/**
 * The plan on the map: each route in its colour, its road (`geometry`, from the routing server) or
 * else the straight line from its first stop to the workplace (inbound) or from the workplace to
 * its last stop (outbound), numbered stops and the workplace.
 * Draws the view that fits everything when it mounts (a new proposal remounts it).
 */
export function PlanMap({ routes, direction, workplace, height = 380 }: PlanMapProps) {
  // The first view only: later moves keep the admin's zoom.
  const [bounds] = useState(() => {
    const points = [toLatLng(workplace), ...routes.flatMap((route) => route.stops.map(toLatLng))];
    return points.length >= 2 ? points : null;
  });
  const workplacePoint = toLatLng(workplace);
  return (
    <div data-testid="plan-map">
      <BaseMap
        height={height}
        ariaLabel="Mapa de la propuesta"
        {...(bounds ? { bounds, boundsOptions: { padding: [24, 24] } } : { center: DEFAULT_MAP_CENTER })}
      >
        {routes.map((route, index) => {
          const color = routeColor(index);
          const stops = route.stops.map(toLatLng);
          if (stops.length === 0) return null;
          const straight = direction === "inbound" ? [...stops, workplacePoint] : [workplacePoint, ...stops];
          const line = route.geometry && route.geometry.length >= 2 ? route.geometry : straight;
          return (
            <Polyline
              key={`line-${route.key}`}
              positions={line}
              pathOptions={{ color, weight: 4, opacity: 0.75 }}
            />
          );
        })}
        {routes.flatMap((route, index) =>
          route.stops.map((stop, position) => {
            const riders = stop.employeeIds.length;
            const title = `${route.name}, parada ${position + 1}: ${stop.name}, ${formatClockTime(stop.plannedTime)}, ${riders} ${riders === 1 ? "colaborador" : "colaboradores"}`;
            return (
              <Marker
                key={`${route.key}-${stop.key}`}
                position={toLatLng(stop)}
                icon={stopIcon(position + 1, routeColor(index))}
                title={title}
                alt={title}
              >
                <Tooltip>{title}</Tooltip>
              </Marker>
            );
          }),
        )}
        <CircleMarker
          center={workplacePoint}
          radius={11}
          pathOptions={{ color: "#fff", weight: 3, fillColor: "#1b1b1b", fillOpacity: 1 }}
        >
          <Tooltip permanent direction="top" offset={[0, -10]}>
            {workplace.name}
          </Tooltip>
        </CircleMarker>
      </BaseMap>
    </div>
  );
}
