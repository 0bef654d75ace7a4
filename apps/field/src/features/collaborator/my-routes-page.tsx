import { formatDepartureTime } from "@treiber/client/format";
import type { MyRoute } from "@treiber/contract";
import { departureOf } from "../../shared/departure-of";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { routeKey } from "../../shared/route-key";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { loadMyRoutes } from "./load-my-routes";
import { formatDays, formatMyStop, formatVehicle } from "./my-route";

/**
 * "Mis rutas": days, departure, destination, my own stop and its planned time, driver, vehicle and
 * supplier of each route (kept offline).
 */
export function MyRoutesPage() {
  const routes = useDeviceResource("my-routes", loadMyRoutes);
  if (routes.data === undefined) {
    if (routes.error) {
      return (
        <ErrorState
          title="No se pudieron cargar sus rutas"
          error={routes.error}
          onRetry={() => void routes.reload()}
        />
      );
    }
    return <Loading label="Cargando sus rutas…" />;
  }
  if (routes.data.length === 0) {
    return <Empty title="No tiene rutas asignadas">Cuando le asignen una ruta aparecerá aquí.</Empty>;
  }
  return (
    <ul className="cards" aria-label="Mis rutas">
      {routes.data.map((route) => (
        <li key={routeKey(route)} className="card">
          <div className="card-head">
            <p className="card-title">{route.name}</p>
            {route.currentTrip ? <span className="badge badge-in-progress">En curso</span> : null}
          </div>
          <dl className="facts">
            <dt>Destino</dt>
            <dd>{route.destinationName ?? "—"}</dd>
            <dt>Días</dt>
            <dd>{route.routeId !== null ? formatDays(route.days) : "Ruta no programada"}</dd>
            <dt>Salida</dt>
            <dd>{formatDepartureTime(departureOf(route))}</dd>
            {route.stop ? (
              <>
                <dt>Su parada</dt>
                <dd data-testid="my-stop">
                  {formatMyStop(route.stop)}
                  {route.stop.address ? <span className="muted fact-note">{route.stop.address}</span> : null}
                </dd>
              </>
            ) : null}
            {route.drivers.length === 0 ? (
              <>
                <dt>Chofer</dt>
                <dd>Sin asignar</dd>
              </>
            ) : (
              route.drivers.map((driver) => <DriverFacts key={driver.id} driver={driver} />)
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}

function DriverFacts(props: { driver: MyRoute["drivers"][number] }) {
  const { driver } = props;
  return (
    <>
      <dt>Chofer</dt>
      <dd>
        {driver.name} {driver.lastname}
      </dd>
      <dt>Vehículo</dt>
      <dd>{formatVehicle(driver) ?? "—"}</dd>
      <dt>Suplidor</dt>
      <dd>{driver.supplierName}</dd>
    </>
  );
}
