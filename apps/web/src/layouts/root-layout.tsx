import { Outlet } from "react-router";
import { NavigationProgress } from "../shared/components/navigation-progress";
import { OfflineIndicator } from "../shared/components/offline-indicator";

/** Shell around every route: navigation progress bar and offline indicator. */
export function RootLayout() {
  return (
    <>
      <NavigationProgress />
      <OfflineIndicator />
      <Outlet />
    </>
  );
}
