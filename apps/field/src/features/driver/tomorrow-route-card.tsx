import { formatDepartureTime } from "@treiber/client/format";
import type { TodayRoute } from "@treiber/contract";
import { departureOf } from "../../shared/departure-of";
import { RELEASED_NOTE } from "./today-route-card";
import { TodayStops } from "./today-stops";

/**
 * One route of «Mañana» (issue 36): read only (no start for a later date), with the stops, times
 * and riders of that date (the plan of the day's when there is one), or «Liberada» when the plan
 * releases it.
 */
export function TomorrowRouteCard({ route }: { route: TodayRoute }) {
  const released = route.released === true;
  return (
    <li className="card">
      <div className="card-head">
        <p className="card-title">{route.name}</p>
        {released ? <span className="badge badge-released">Liberada</span> : null}
      </div>
      {released ? <p className="muted">{RELEASED_NOTE}</p> : null}
      <dl className="facts">
        <dt>Destino</dt>
        <dd>{route.destinationName ?? "—"}</dd>
        <dt>Salida</dt>
        <dd>{formatDepartureTime(route.stops[0]?.plannedTime ?? departureOf(route))}</dd>
        <dt>Pasajeros</dt>
        <dd data-testid="expected-riders">{route.amountRiders}</dd>
      </dl>
      <TodayStops route={route} />
    </li>
  );
}
