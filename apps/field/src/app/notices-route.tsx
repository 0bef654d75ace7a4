import { HOME_PATHS, homePathFor } from "../features/auth/home-path";
import {
  type OptInTexts,
  RiderAlertsOptIn,
  type RiderPushApi,
} from "../features/collaborator/rider-alerts-opt-in";
import { NoticesPage } from "../features/notices/notices-page";
import { useSession } from "../shared/session";

/** The driver's Web Push card in «Avisos» (decision 0067): the changes a plan makes to their routes. */
export const DRIVER_PUSH_TEXTS: OptInTexts = {
  title: "Avisos en este teléfono",
  description: "Le avisamos cuando un plan le asigna una ruta, cambia sus paradas u horas o se la quita.",
  fallback: "Mientras tenga abierta Treiber App, los avisos aparecerán en esta lista.",
};

export const DRIVER_EMPTY_TEXT =
  "Aquí verá los cambios de sus rutas: una ruta nueva, otras paradas u horas, o una ruta que ya no maneja.";

/** A driver's «Avisos»: the Web Push card on top, then their notices. `push`: tests give their own. */
export function DriverNoticesPage(props: { push?: RiderPushApi }) {
  return (
    <NoticesPage
      header={<RiderAlertsOptIn api={props.push} texts={DRIVER_PUSH_TEXTS} />}
      emptyText={DRIVER_EMPTY_TEXT}
    />
  );
}

/** `/avisos`: the driver's or the collaborator's, by who is signed in. */
export function NoticesRoute() {
  const session = useSession();
  const driver = session !== null && homePathFor(session.roles) === HOME_PATHS.driver;
  return driver ? <DriverNoticesPage /> : <NoticesPage />;
}
