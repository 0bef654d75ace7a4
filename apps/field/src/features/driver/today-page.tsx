import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { useResource } from "../../shared/use-resource";
import { markTripOpened, wasTripOpened } from "../trip/opened-trips";
import { loadTodayRoutes } from "./load-today-routes";
import { StartRouteButton } from "./start-route-button";
import {
  departureOf,
  formatDepartureTime,
  routeInProgress,
  STATE_BADGES,
  todayRouteKey,
} from "./today-route";

/** "Hoy": the driver's routes for today, by departure time, with expected riders and state. */
export function TodayPage() {
  const routes = useResource(loadTodayRoutes);
  const navigate = useNavigate();
  const runningTripId =
    routes.status === "success" ? (routeInProgress(routes.data)?.intermediateRouteId ?? null) : null;
  useEffect(() => {
    // A trip in progress (phone restarted, app reopened) opens by itself, once per launch.
    if (runningTripId === null || wasTripOpened(runningTripId)) return;
    markTripOpened(runningTripId);
    navigate(`/viaje/${runningTripId}`);
  }, [runningTripId, navigate]);
  if (routes.status === "loading") return <Loading label="Cargando sus rutas de hoy…" />;
  if (routes.status === "error") {
    return (
      <ErrorState title="No se pudieron cargar sus rutas" error={routes.error} onRetry={routes.reload} />
    );
  }
  if (routes.data.length === 0) {
    return <Empty title="No tiene rutas para hoy">Cuando le asignen una ruta aparecerá aquí.</Empty>;
  }
  // One trip at a time: while one runs, the others cannot start (it reopens from its row).
  const running = routeInProgress(routes.data);
  return (
    <ul className="cards" aria-label="Rutas de hoy">
      {routes.data.map((route) => (
        <li key={todayRouteKey(route)} className="card">
          <div className="card-head">
            <p className="card-title">{route.name}</p>
            <span className={`badge badge-${STATE_BADGES[route.state]}`}>{route.state}</span>
          </div>
          <dl className="facts">
            <dt>Destino</dt>
            <dd>{route.destinationName ?? "—"}</dd>
            <dt>Salida</dt>
            <dd>{formatDepartureTime(departureOf(route))}</dd>
            <dt>Pasajeros</dt>
            <dd>{route.amountRiders}</dd>
          </dl>
          {route.state === "En curso" && route.intermediateRouteId !== null ? (
            <Link className="button button-primary card-action" to={`/viaje/${route.intermediateRouteId}`}>
              Abrir ruta en curso
            </Link>
          ) : route.state === "Pendiente" ? (
            <StartRouteButton route={route} disabled={running !== null} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
