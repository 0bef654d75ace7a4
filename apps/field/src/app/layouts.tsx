import { MY_TRIPS_TITLE } from "@treiber/contract/messages";
import { lazy, Suspense } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { HOME_PATHS, homePathFor } from "../features/auth/home-path";
import type { NoticesApi } from "../features/notices/notices-api";
import { NoticesProvider, NoticesTab } from "../features/notices/notices-context";
import type { NoticesHub } from "../features/notices/notices-hub";
import { PendingIndicator } from "../shared/outbox/pending-indicator";
import { useSession } from "../shared/session";
import { Screen } from "../shared/ui/screen";
import { Loading } from "../shared/ui/states";

const NOTICES_PATH = "/avisos";

/** Safety (issue 38) on every screen, loaded on demand: the follow after an SOS, «¿Llegó bien?». */
const SafetyHost = lazy(() =>
  import("../shared/safety/safety-host").then((m) => ({ default: m.SafetyHost })),
);

/** A bottom tab bar (reachable with one thumb); «Avisos» carries its unread badge. */
function TabBar(props: { tabs: readonly { to: string; label: string }[] }) {
  return (
    <nav className="tab-bar" aria-label="Secciones">
      {props.tabs.map((tab) =>
        tab.to === NOTICES_PATH ? (
          <NoticesTab key={tab.to} to={tab.to} label={tab.label} />
        ) : (
          <NavLink key={tab.to} to={tab.to} className="tab">
            {tab.label}
          </NavLink>
        ),
      )}
    </nav>
  );
}

const DRIVER_TABS = [
  { to: "/hoy", label: "Hoy" },
  { to: "/manana", label: "Mañana" },
  { to: NOTICES_PATH, label: "Avisos" },
] as const;

/**
 * The driver's screens: «Hoy», «Mañana» (read only, issue 36) and «Avisos» (the changes a plan made to their routes, decision
 * 0067), with the actions still to send on top. The trip screen is full-screen, without tabs.
 * `notices`: tests give their own server and hub.
 */
export function DriverLayout(props: { notices?: { api: NoticesApi; hub: NoticesHub } }) {
  const { pathname } = useLocation();
  const title = DRIVER_TABS.find((tab) => pathname.startsWith(tab.to))?.label ?? "Hoy";
  return (
    <NoticesProvider api={props.notices?.api} hub={props.notices?.hub}>
      <Screen title={title} tabs={<TabBar tabs={DRIVER_TABS} />}>
        <PendingIndicator />
        <Suspense fallback={null}>
          <SafetyHost rider={false} />
        </Suspense>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Screen>
    </NoticesProvider>
  );
}

const COLLABORATOR_TABS = [
  { to: "/qr", label: "Mi QR" },
  { to: "/viajes", label: MY_TRIPS_TITLE },
  { to: "/rutas", label: "Mis rutas" },
  { to: "/bus", label: "Mi bus" },
  { to: NOTICES_PATH, label: "Avisos" },
] as const;

/**
 * The collaborator's screens, with a bottom tab bar (reachable with one thumb). «Avisos» shows how
 * many of their notices are unread, kept current live (NoticesProvider); «¿Llegó bien?» above them.
 */
export function CollaboratorLayout() {
  const { pathname } = useLocation();
  const title = COLLABORATOR_TABS.find((tab) => pathname.startsWith(tab.to))?.label ?? "Treiber App";
  return (
    <NoticesProvider>
      <Screen title={title} tabs={<TabBar tabs={COLLABORATOR_TABS} />}>
        <Suspense fallback={null}>
          <SafetyHost rider />
        </Suspense>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Screen>
    </NoticesProvider>
  );
}

/** «Avisos», shared by drivers and collaborators: inside each one's own tabs. */
export function NoticesLayout() {
  const session = useSession();
  const driver = session !== null && homePathFor(session.roles) === HOME_PATHS.driver;
  return driver ? <DriverLayout /> : <CollaboratorLayout />;
}

export function PageSuspense() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}
