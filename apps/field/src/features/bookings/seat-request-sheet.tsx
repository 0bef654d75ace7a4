import { formatDepartureTime } from "@treiber/client/format";
import { type BookingRouteItem, REQUEST_SEAT_LABEL } from "@treiber/contract";
import { useId, useState } from "react";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { cutoffLabel, dayLabel } from "../../shared/local-dates";
import { ErrorState, Loading } from "../../shared/ui/states";
import type { BookingsApi } from "./bookings-api";

/** «12 de 40 asientos libres · 2 en espera», «Sin límite de asientos». */
export function seatsText(route: Pick<BookingRouteItem, "seats" | "confirmed" | "waitlisted">): string {
  const waiting = route.waitlisted > 0 ? ` · ${route.waitlisted} en espera` : "";
  if (route.seats === null) return `Sin límite de asientos${waiting}`;
  const free = Math.max(0, route.seats - route.confirmed);
  return `${free} de ${route.seats} ${route.seats === 1 ? "asiento libre" : "asientos libres"}${waiting}`;
}

/**
 * «Pedir asiento»: a date of the next 14 days and the other routes of the rider's branch office that
 * run that day (`GET Booking/routes`, kept on the phone per date), each with its free seats. Without a
 * free seat the request goes to the waitlist. `taken`: the rider's own status there («Confirmado»…).
 */
export function SeatRequestSheet(props: {
  api: BookingsApi;
  dates: readonly string[];
  today: string;
  taken: (routeId: number, date: string) => string | null;
  onRequest: (route: BookingRouteItem, date: string) => void;
  onClose: () => void;
}) {
  const id = useId();
  const [date, setDate] = useState(props.dates[1] ?? props.dates[0] ?? props.today);
  const routes = useDeviceResource(`booking-routes:${date}`, () => props.api.routes(date));
  return (
    <div className="overlay">
      <section className="sheet" role="dialog" aria-modal="true" aria-labelledby={`${id}-t`}>
        <h2 id={`${id}-t`} className="sheet-title">
          {REQUEST_SEAT_LABEL}
        </h2>
        <label className="field" htmlFor={`${id}-d`}>
          Fecha
        </label>
        <select id={`${id}-d`} value={date} onChange={(event) => setDate(event.target.value)}>
          {props.dates.map((option) => (
            <option key={option} value={option}>
              {dayLabel(option, props.today)}
            </option>
          ))}
        </select>
        {routes.data === undefined ? (
          routes.error ? (
            <ErrorState
              title="No se pudieron cargar las rutas"
              error={routes.error}
              onRetry={() => void routes.reload()}
            />
          ) : (
            <Loading label="Cargando rutas…" />
          )
        ) : routes.data.length === 0 ? (
          <p className="muted">Ninguna otra ruta de su sucursal opera ese día.</p>
        ) : (
          <ul className="seat-routes" aria-label="Rutas de su sucursal">
            {routes.data.map((route) => (
              <SeatRoute
                key={route.routeId}
                route={route}
                taken={props.taken(route.routeId, date)}
                onRequest={() => props.onRequest(route, date)}
              />
            ))}
          </ul>
        )}
        <button type="button" className="button" onClick={props.onClose}>
          Cerrar
        </button>
      </section>
    </div>
  );
}

function SeatRoute(props: { route: BookingRouteItem; taken: string | null; onRequest: () => void }) {
  const { route } = props;
  const full = route.seats !== null && route.confirmed >= route.seats;
  return (
    <li className="seat-route" aria-label={route.routeName}>
      <div>
        <p className="seat-route-name">{route.routeName}</p>
        <p className="muted">
          {route.shiftName ? `Turno ${route.shiftName} · ` : ""}
          {formatDepartureTime(route.plannedTime)}
        </p>
        <p className="muted">{seatsText(route)}</p>
        {route.canChange ? null : <p className="muted">Pasó el plazo ({cutoffLabel(route.cutoffAt)})</p>}
        {route.canChange && full && !props.taken ? (
          <p className="muted">Sin asiento libre: quedará en espera.</p>
        ) : null}
      </div>
      {props.taken ? (
        <span className="badge">{props.taken}</span>
      ) : (
        <button
          type="button"
          className="button button-primary"
          aria-label={`${REQUEST_SEAT_LABEL} en ${route.routeName}`}
          disabled={!route.canChange}
          onClick={props.onRequest}
        >
          {REQUEST_SEAT_LABEL}
        </button>
      )}
    </li>
  );
}
