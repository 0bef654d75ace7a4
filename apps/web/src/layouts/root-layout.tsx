import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { NavigationProgress } from "../shared/components/navigation-progress";
import { OfflineIndicator } from "../shared/components/offline-indicator";
import { pageTitle } from "../shared/lib/page-title";

/** Shell around every route: navigation progress bar, offline indicator and the tab's title. */
export function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  return (
    <>
      <NavigationProgress />
      <OfflineIndicator />
      <Outlet />
    </>
  );
}
