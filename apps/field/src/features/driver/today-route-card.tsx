import { formatDepartureTime } from "@treiber/client/format";
import { Link } from "react-router";
import { departureOf } from "../../shared/departure-of";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { type ShownTodayRoute, tripPath } from "./show-today";
import { StartRouteButton } from "./start-route-button";
import { todayBookings } from "./today-bookings";
import { STATE_BADGES } from "./today-route";
import { TodayStops } from "./today-stops";
import { NotRidingList } from "./trip/not-riding-list";
import { loadManifest } from "./trip/trip-api";

/**
 * One route of «Hoy». Before it starts, the bookings of its run (issue 35: the manifest of the
 * server's `serviceDate`, kept on the phone under the key the trip screen reads too) take who will
 * not ride out of the expected riders and of their stop, folded as «No viaja». A route the plan of
 * the day releases (issue 36) says «Liberada hoy» and cannot start.
 */
/** What a released route's card says (issue 36): the plan of the day, not a missing route. */
export const RELEASED_NOTE = "El plan del día libera esta ruta: no sale en esta fecha.";

export function TodayRouteCard(props: {
  route: ShownTodayRoute;
  /** Another route runs: this one cannot start. */
  blocked: boolean;
  onStarting: () => void;
}) {
  const { route } = props;
  const path = tripPath(route);
  const released = route.released === true && route.state === "Pendiente";
  const pending = route.state === "Pendiente" && !released;
  const { routeId, serviceDate } = route;
  const manifest = useDeviceResource(
    pending && routeId !== null && serviceDate ? `manifest:${routeId}:${serviceDate}` : null,
    () => loadManifest(routeId ?? 0, serviceDate ?? ""),
  );
  const booked = todayBookings(route, pending ? manifest.data : undefined);
  return (
    <li className="card">
      <div className="card-head">
        <p className="card-title">{route.name}</p>
        {released ? (
          <span className="badge badge-released">Liberada hoy</span>
        ) : (
          <span className={`badge badge-${STATE_BADGES[route.state]}`}>{route.state}</span>
        )}
      </div>
      {released ? <p className="muted">{RELEASED_NOTE}</p> : null}
      {route.unsent ? <p className="unsent-note">Por enviar</p> : null}
      <dl className="facts">
        <dt>Destino</dt>
        <dd>{route.destinationName ?? "—"}</dd>
        <dt>Salida</dt>
        <dd>{formatDepartureTime(departureOf(route))}</dd>
        <dt>Pasajeros</dt>
        <dd data-testid="expected-riders">{booked.expected}</dd>
      </dl>
      {pending ? <TodayStops route={{ ...route, stops: booked.stops }} /> : null}
      {pending ? <NotRidingList riders={booked.notRiding} /> : null}
      {route.state === "En curso" && path ? (
        <Link className="button button-primary card-action" to={path}>
          Abrir ruta en curso
        </Link>
      ) : pending ? (
        <StartRouteButton route={route} disabled={props.blocked} onStarting={props.onStarting} />
      ) : null}
    </li>
  );
}
