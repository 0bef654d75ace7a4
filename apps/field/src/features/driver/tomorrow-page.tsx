import { formatClock } from "@treiber/client/format";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { routeKey } from "../../shared/route-key";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { loadRoutesOn } from "./load-today-routes";
import { tomorrowOf } from "./tomorrow-date";
import { TomorrowRouteCard } from "./tomorrow-route-card";

/**
 * «Mañana» (issue 36): the driver's routes of the phone's next date from the server, with that
 * date's stops, times and riders (the plan of the day's when the admin made one) and the routes it
 * releases. Read only; kept on the phone like «Hoy».
 */
export function TomorrowPage(props: { now?: Date }) {
  const date = tomorrowOf(props.now);
  const tomorrow = useDeviceResource(`tomorrow:${date}`, () => loadRoutesOn(date));
  const routes = tomorrow.data;
  if (!routes) {
    if (tomorrow.error) {
      return (
        <ErrorState
          title="No se pudieron cargar sus rutas de mañana"
          error={tomorrow.error}
          onRetry={() => void tomorrow.reload()}
        />
      );
    }
    return <Loading label="Cargando sus rutas de mañana…" />;
  }
  if (routes.length === 0) {
    return <Empty title="No tiene rutas para mañana">Cuando le asignen una ruta aparecerá aquí.</Empty>;
  }
  return (
    <>
      {tomorrow.fromDevice && tomorrow.fetchedAt !== null ? (
        <p className="muted" data-testid="saved-copy">
          Rutas guardadas en el teléfono ({formatClock(new Date(tomorrow.fetchedAt).toISOString())}).
        </p>
      ) : null}
      <ul className="cards" aria-label="Rutas de mañana">
        {routes.map((route) => (
          <TomorrowRouteCard key={routeKey(route)} route={route} />
        ))}
      </ul>
    </>
  );
}
