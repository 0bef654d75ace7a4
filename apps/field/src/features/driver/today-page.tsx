import { formatClock } from "@treiber/client/format";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { useDeviceResource } from "../../shared/device-cache/use-device-resource";
import { useOutbox } from "../../shared/outbox/use-outbox";
import { routeKey } from "../../shared/route-key";
import { Empty, ErrorState, Loading } from "../../shared/ui/states";
import { loadTodayRoutes } from "./load-today-routes";
import { showToday, tripPath } from "./show-today";
import { routeInProgress } from "./today-route";
import { TodayRouteCard } from "./today-route-card";
import { markTripOpened, wasTripOpened } from "./trip/opened-trips";

/**
 * "Hoy": the driver's routes for today, by departure time, with expected riders and state, and the
 * planned stops of a route not started yet (issue 33) without who will not ride (issue 35). Kept on the phone (a cold start without
 * signal opens it) with the Starts and Ends taken on the phone applied.
 */
export function TodayPage() {
  const today = useDeviceResource("today", loadTodayRoutes);
  const outbox = useOutbox();
  const navigate = useNavigate();
  // A Start tapped here opens its own trip: no second navigation from the auto-open below.
  const [starting, setStarting] = useState(false);
  const routes = today.data ? showToday(today.data, outbox, today.fetchedAt) : undefined;
  const running = routes ? routeInProgress(routes) : null;
  const runningPath = running ? tripPath(running) : null;
  useEffect(() => {
    // A trip in progress (phone restarted, app reopened) opens by itself, once per launch.
    if (starting || runningPath === null || wasTripOpened(runningPath)) return;
    markTripOpened(runningPath);
    navigate(runningPath);
  }, [starting, runningPath, navigate]);

  // Back online (or the app shown again): Hoy asks the server again.
  const { reload } = today;
  useEffect(() => {
    const again = () => navigator.onLine !== false && void reload();
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  }, [reload]);

  if (!routes) {
    if (today.error) {
      return (
        <ErrorState
          title="No se pudieron cargar sus rutas"
          error={today.error}
          onRetry={() => void reload()}
        />
      );
    }
    return <Loading label="Cargando sus rutas de hoy…" />;
  }
  if (routes.length === 0) {
    return <Empty title="No tiene rutas para hoy">Cuando le asignen una ruta aparecerá aquí.</Empty>;
  }
  // One trip at a time: while one runs, the others cannot start (it reopens from its row).
  return (
    <>
      {today.fromDevice && today.fetchedAt !== null ? (
        <p className="muted" data-testid="saved-copy">
          Rutas guardadas en el teléfono ({formatClock(new Date(today.fetchedAt).toISOString())}).
        </p>
      ) : null}
      <ul className="cards" aria-label="Rutas de hoy">
        {routes.map((route) => (
          <TodayRouteCard
            key={routeKey(route)}
            route={route}
            blocked={running !== null}
            onStarting={() => setStarting(true)}
          />
        ))}
      </ul>
    </>
  );
}
