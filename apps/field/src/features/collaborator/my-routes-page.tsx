import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { useResource } from "../../shared/use-resource";
import { formatDepartureTime } from "../driver/today-route";
import { loadMyRoutes } from "./load-my-routes";
import { formatDays } from "./my-route";

/** "Mis rutas": days, departure, destination, driver, vehicle and supplier of each route. */
export function MyRoutesPage() {
  const routes = useResource(loadMyRoutes);
  if (routes.status === "loading") return <Loading label="Cargando sus rutas…" />;
  if (routes.status === "error") {
    return (
      <ErrorState title="No se pudieron cargar sus rutas" error={routes.error} onRetry={routes.reload} />
    );
  }
  if (routes.data === null) {
    return (
      <Empty title="Sus rutas aún no están disponibles en Treiber App">Consulte a su administrador.</Empty>
    );
  }
  if (routes.data.length === 0) {
    return <Empty title="No tiene rutas asignadas">Cuando le asignen una ruta aparecerá aquí.</Empty>;
  }
  return (
    <ul className="cards">
      {routes.data.map((route) => (
        <li key={route.id} className="card">
          <p className="card-title">{route.name}</p>
          <dl className="facts">
            <dt>Destino</dt>
            <dd>{route.destinationName ?? "—"}</dd>
            <dt>Días</dt>
            <dd>{formatDays(route.days)}</dd>
            <dt>Salida</dt>
            <dd>{formatDepartureTime(route.departureTime)}</dd>
            <dt>Chofer</dt>
            <dd>{route.driverName ?? "Sin asignar"}</dd>
            <dt>Vehículo</dt>
            <dd>{route.vehicle ?? "—"}</dd>
            <dt>Suplidor</dt>
            <dd>{route.supplierName ?? "—"}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
