import { formatDepartureTime } from "@treiber/client/format";
import type { TodayRoute } from "@treiber/contract";
import "./today.css";

/** «2 suben», «1 baja»: who boards (Entrada, or no shift) or alights (Salida) at a stop. */
function ridersAt(count: number, direction: TodayRoute["direction"]): string {
  const verb = direction === "outbound" ? (count === 1 ? "baja" : "bajan") : count === 1 ? "sube" : "suben";
  return `${count} ${verb}`;
}

/**
 * The planned stops of a route on «Hoy», before it is started (issue 33): read-only, in order, each
 * with its planned time (as the app writes times: «6:40 a. m.»), its name and address and how many
 * riders board or alight there. Nothing without stops.
 */
export function TodayStops({ route }: { route: Pick<TodayRoute, "name" | "stops" | "direction"> }) {
  if (route.stops.length === 0) return null;
  return (
    <section className="today-stops" aria-label={`Paradas de ${route.name}`}>
      <h3 className="today-stops-title">Paradas ({route.stops.length})</h3>
      <ol className="today-stops-list">
        {route.stops.map((stop) => (
          <li key={stop.position} className="today-stop" data-testid="today-stop">
            <span className="today-stop-time">{formatDepartureTime(stop.plannedTime)}</span>
            <span className="today-stop-place">
              <span className="today-stop-name">
                {stop.position}. {stop.name}
              </span>
              {stop.address ? <span className="muted">{stop.address}</span> : null}
            </span>
            <span className="muted today-stop-riders">
              {ridersAt(stop.employeeIds.length, route.direction)}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
