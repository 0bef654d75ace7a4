import { Suspense } from "react";
import { NavLink, Outlet, useLocation } from "react-router";
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
] as const;

/** The collaborator's screens, with a bottom tab bar (reachable with one thumb). */
export function CollaboratorLayout() {
  const { pathname } = useLocation();
  const title = COLLABORATOR_TABS.find((tab) => pathname.startsWith(tab.to))?.label ?? "Treiber App";
  const tabs = (
    <nav className="tab-bar" aria-label="Secciones">
      {COLLABORATOR_TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="tab">
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
  return (
    <Screen title={title} tabs={tabs}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </Screen>
  );
}

export function PageSuspense() {
  return (
    <Suspense fallback={<Loading />}>
      <Outlet />
    </Suspense>
  );
}
