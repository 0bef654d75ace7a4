import type { ComponentType } from "react";
import type { RouteObject } from "react-router";
import { DefaultLayout } from "../layouts/default-layout";
import { RootLayout } from "../layouts/root-layout";
import { LoginPage } from "../pages/login-page";
import { PageSpinner } from "../shared/components/page-spinner";
import { RouteError } from "../shared/components/route-error";
import { guardLoader } from "../shared/guards/guard-loader";
import {
  authGuard as auth,
  collaboratorGuard as collaborator,
  type Guard,
  guestGuard as guest,
  signedInGuard as signedIn,
  superAdminOnlyGuard as superAdminOnly,
  superAndAdminGuard as superAndAdmin,
  supplierPortalGuard as supplierPortal,
} from "../shared/guards/guards";
import { lazyRoute } from "../shared/lib/lazy-route";

/**
 * A page route in its own chunk, loaded by its loader once its guards let the user in (a refused
 * visit redirects without downloading the page; decision 0029).
 */
function page<K extends string>(
  path: string,
  load: () => Promise<{ [P in K]: ComponentType }>,
  name: K,
  guards: Guard[] = [],
): RouteObject {
  return { path, ...lazyRoute(load, name, guards) };
}

const admin = [auth, superAndAdmin];
/** Issue 39's «Integraciones»: a SuperAdmin's pages only. */
const superAdmin = [auth, superAdminOnly];
/** The pages of the supplier portal (issue 37, decision 0079): administrators and a supplier's users. */
const portal = [auth, supplierPortal];

/**
 * The spec §2 route table (24 routes, history mode, matched case-insensitively), plus /planning
 * and /shift (Turnos) of issue 23, /reportIncident of issue 25, and /booking (Reservas) and
 * /reportBooking (Reporte Reservas) of issue 35, /reportSavings (Reporte Ahorro) of issue 36, and
 * /documents (Documentos) and /compliance (Cumplimiento) of issue 37, whose supplier portal opens
 * the `portal` pages to a supplier's users too, and /reportSafeArrival (Llegadas seguras) and the
 * public /seguir/<token> (a shared trip) of issue 38.
 */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      {
        id: "dashboard",
        ...lazyRoute(() => import("../layouts/dashboard-layout"), "DashboardLayout", [auth]),
        errorElement: <RouteError />,
        children: [
          page("/", () => import("../pages/dashboard-page"), "DashboardPage", admin),
          page("/apiKeys", () => import("../pages/api-keys-page"), "ApiKeysPage", superAdmin),
          page("/audit", () => import("../pages/audit-page"), "AuditPage", superAdmin),
          page("/booking", () => import("../pages/booking-page"), "BookingPage", admin),
          page("/branchOffice", () => import("../pages/branch-office-page"), "BranchOfficePage", admin),
          page("/codeQr", () => import("../pages/code-qr-page"), "CodeQrPage", [auth, collaborator]),
          page("/collaborator", () => import("../pages/collaborator-page"), "CollaboratorPage", admin),
          page("/compliance", () => import("../pages/compliance-page"), "CompliancePage", portal),
          page("/documents", () => import("../pages/documents-page"), "DocumentsPage", portal),
          page("/driver", () => import("../pages/driver-page"), "DriverPage", portal),
          page("/historyRoutes", () => import("../pages/history-routes-page"), "HistoryRoutesPage", portal),
          page("/listRoutes", () => import("../pages/list-routes-page"), "ListRoutesPage", admin),
          page("/Notifications", () => import("../pages/notifications-page"), "NotificationsPage", portal),
          page("/planning", () => import("../pages/planning-page"), "PlanningPage", admin),
          page("/profile", () => import("../pages/profile-page"), "ProfilePage", [auth]),
          page(
            "/reportCollaborator",
            () => import("../pages/report-collaborator-page"),
            "ReportCollaboratorPage",
            admin,
          ),
          page("/reportBooking", () => import("../pages/report-booking-page"), "ReportBookingPage", admin),
          page("/reportCut", () => import("../pages/report-cut-page"), "ReportCutPage", portal),
          page(
            "/reportDestinationDELETED",
            () => import("../pages/report-destination-page"),
            "ReportDestinationPage",
            admin,
          ),
          page("/reportDriver", () => import("../pages/report-driver-page"), "ReportDriverPage", admin),
          page(
            "/reportIncident",
            () => import("../pages/report-incident-page"),
            "ReportIncidentPage",
            portal,
          ),
          page("/reportRoute", () => import("../pages/report-route-page"), "ReportRoutePage", admin),
          page("/reportSavings", () => import("../pages/report-savings-page"), "ReportSavingsPage", admin),
          page(
            "/reportSafeArrival",
            () => import("../pages/report-safe-arrival-page"),
            "ReportSafeArrivalPage",
            admin,
          ),
          page("/route", () => import("../pages/route-page"), "RoutePage", admin),
          page(
            "/routeDestination",
            () => import("../pages/route-destination-page"),
            "RouteDestinationPage",
            admin,
          ),
          page(
            "/routeNotScheduled",
            () => import("../pages/route-not-scheduled-page"),
            "RouteNotScheduledPage",
            admin,
          ),
          page("/shift", () => import("../pages/shift-page"), "ShiftPage", admin),
          page("/supplier", () => import("../pages/supplier-page"), "SupplierPage", admin),
          page("/users", () => import("../pages/users-page"), "UsersPage", admin),
          page("/webhooks", () => import("../pages/webhooks-page"), "WebhooksPage", superAdmin),
        ],
      },
      {
        // Issue 38: a trip a rider shared, for anyone with the link: no account, no layout, its own
        // chunk without Ant Design (the token is checked by the API, which answers 404 when gone).
        id: "shared-trip",
        path: "/seguir/:token",
        ...lazyRoute(() => import("../pages/shared-trip-page"), "SharedTripPage"),
        errorElement: <RouteError />,
      },
      {
        id: "public",
        Component: DefaultLayout,
        errorElement: <RouteError />,
        children: [
          // In the first chunk, light (no Ant Design): the page a signed-out visit lands on.
          { path: "/login", Component: LoginPage, loader: guardLoader(guest) },
          {
            id: "public-forms",
            ...lazyRoute(() => import("./app-providers"), "ProvidersOutlet"),
            children: [
              page("/forgetPassword", () => import("../pages/forget-password-page"), "ForgetPasswordPage", [
                guest,
              ]),
              page("/changePassword", () => import("../pages/change-password-page"), "ChangePasswordPage", [
                signedIn,
              ]),
              page("/privacy-policy", () => import("../pages/privacy-policy-page"), "PrivacyPolicyPage"),
              page(
                "/terms-and-conditions",
                () => import("../pages/terms-and-conditions-page"),
                "TermsAndConditionsPage",
              ),
              page("*", () => import("../pages/not-found-page"), "NotFoundPage"),
            ],
          },
        ],
      },
    ],
  },
];
