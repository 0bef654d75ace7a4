import { Suspense } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
import { NoticesProvider, NoticesTab } from "../features/notices/notices-context";
import { PendingIndicator } from "../shared/outbox/pending-indicator";
import { Screen } from "../shared/ui/screen";
import { Loading } from "../shared/ui/states";

export function DriverLayout() {
  return (
    <Screen title="Hoy">
      <PendingIndicator />
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </Screen>
  );
}

const COLLABORATOR_TABS = [
  { to: "/qr", label: "Mi QR" },
  { to: "/rutas", label: "Mis rutas" },
  { to: "/bus", label: "Mi bus" },
  { to: "/avisos", label: "Avisos" },
] as const;

/**
 * The collaborator's screens, with a bottom tab bar (reachable with one thumb). «Avisos» shows how
 * many of their notices are unread, kept current live (NoticesProvider).
 */
export function CollaboratorLayout() {
  const { pathname } = useLocation();
  const title = COLLABORATOR_TABS.find((tab) => pathname.startsWith(tab.to))?.label ?? "Treiber App";
  const tabs = (
    <nav className="tab-bar" aria-label="Secciones">
      {COLLABORATOR_TABS.map((tab) =>
        tab.to === "/avisos" ? (
          <NoticesTab key={tab.to} to={tab.to} label={tab.label} />
        ) : (
          <NavLink key={tab.to} to={tab.to} className="tab">
            {tab.label}
          </NavLink>
        ),
      )}
    </nav>
  );
  return (
    <NoticesProvider>
      <Screen title={title} tabs={tabs}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Screen>
    </NoticesProvider>
  );
}

export function PageSuspense() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}
