import { lazy } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { SignInPage } from "../features/auth/sign-in-page";
import { clearCachedQr } from "../features/collaborator/qr-cache";
import { setSessionExpiredHandler } from "../shared/http";
import { APP_BASE } from "../shared/register-service-worker";
import { onSignOut } from "../shared/sign-out";
import { HomeRedirect, RequireRole, RequireSession } from "./guards";
import { CollaboratorLayout, DriverLayout, NoticesLayout, PageSuspense } from "./layouts";

// Everything after the sign-in page loads on demand: the first screen stays small.
const TodayPage = lazy(() => import("../features/driver/today-page").then((m) => ({ default: m.TodayPage })));
const TomorrowPage = lazy(() =>
  import("../features/driver/tomorrow-page").then((m) => ({ default: m.TomorrowPage })),
);
const TripPage = lazy(() =>
  import("../features/driver/trip/trip-page").then((m) => ({ default: m.TripPage })),
);
const MyQrPage = lazy(() =>
  import("../features/collaborator/my-qr-page").then((m) => ({ default: m.MyQrPage })),
);
const MyRoutesPage = lazy(() =>
  import("../features/collaborator/my-routes-page").then((m) => ({ default: m.MyRoutesPage })),
);
const MyTripsPage = lazy(() =>
  import("../features/bookings/my-trips-page").then((m) => ({ default: m.MyTripsPage })),
);
const MyBusPage = lazy(() =>
  import("../features/collaborator/my-bus-page").then((m) => ({ default: m.MyBusPage })),
);
const NoticesRoute = lazy(() => import("./notices-route").then((m) => ({ default: m.NoticesRoute })));
const BackOfficePage = lazy(() =>
  import("../features/auth/back-office-page").then((m) => ({ default: m.BackOfficePage })),
);

export const router = createBrowserRouter(
  [
    { path: "/login", element: <SignInPage /> },
    {
      element: <RequireSession />,
      children: [
        { index: true, element: <HomeRedirect /> },
        {
          element: <RequireRole allowed="Driver" />,
          children: [
            {
              element: <DriverLayout />,
              children: [
                { path: "/hoy", element: <TodayPage /> },
                { path: "/manana", element: <TomorrowPage /> },
              ],
            },
            { element: <PageSuspense />, children: [{ path: "/viaje/:id", element: <TripPage /> }] },
          ],
        },
        {
          element: <RequireRole allowed="Collaborator" />,
          children: [
            {
              element: <CollaboratorLayout />,
              children: [
                { path: "/qr", element: <MyQrPage /> },
                { path: "/viajes", element: <MyTripsPage /> },
                { path: "/rutas", element: <MyRoutesPage /> },
                { path: "/bus", element: <MyBusPage /> },
              ],
            },
          ],
        },
        {
          // «Avisos» of drivers (plan changes to their routes) and collaborators, in their own tabs.
          element: <RequireRole allowed={["Driver", "Collaborator"]} />,
          children: [
            { element: <NoticesLayout />, children: [{ path: "/avisos", element: <NoticesRoute /> }] },
          ],
        },
        { element: <PageSuspense />, children: [{ path: "/oficina", element: <BackOfficePage /> }] },
      ],
    },
    { path: "*", element: <Navigate to="/" replace /> },
  ],
  { basename: APP_BASE.replace(/\/$/, "") },
);

setSessionExpiredHandler(() => void router.navigate("/login", { replace: true }));
onSignOut(clearCachedQr);
