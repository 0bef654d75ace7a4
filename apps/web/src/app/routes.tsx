import type { RouteObject } from "react-router";
import { RootLayout } from "../layouts/root-layout";
import { PageSpinner } from "../shared/components/page-spinner";
import { RouteError } from "../shared/components/route-error";
import { guardLoader } from "../shared/guards/guard-loader";
import {
  authGuard as auth,
  collaboratorGuard as collaborator,
  type Guard,
  guestGuard as guest,
  signedInGuard as signedIn,
  superAndAdminGuard as superAndAdmin,
} from "../shared/guards/guards";
import { lazyComponent } from "../shared/lib/lazy-component";

type Lazy = RouteObject["lazy"];

/** A page route: its own lazy chunk, guarded by a loader that throws a redirect. */
function page(path: string, lazy: Lazy, guards: Guard[] = []): RouteObject {
  return guards.length > 0 ? { path, lazy, loader: guardLoader(...guards) } : { path, lazy };
}

const admin = [auth, superAndAdmin];

/** The spec §2 route table (24 routes, history mode, matched case-insensitively). */
export const routes: RouteObject[] = [
  {
    id: "root",
    Component: RootLayout,
    errorElement: <RouteError />,
    HydrateFallback: PageSpinner,
    children: [
      {
        id: "dashboard",
        loader: guardLoader(auth),
        lazy: lazyComponent(() => import("../layouts/dashboard-layout"), "DashboardLayout"),
        errorElement: <RouteError />,
        children: [
          page(
            "/",
            lazyComponent(() => import("../pages/dashboard-page"), "DashboardPage"),
            admin,
          ),
          page(
            "/branchOffice",
            lazyComponent(() => import("../pages/branch-office-page"), "BranchOfficePage"),
            admin,
          ),
          page(
            "/codeQr",
            lazyComponent(() => import("../pages/code-qr-page"), "CodeQrPage"),
            [auth, collaborator],
          ),
          page(
            "/collaborator",
            lazyComponent(() => import("../pages/collaborator-page"), "CollaboratorPage"),
            admin,
          ),
          page(
            "/driver",
            lazyComponent(() => import("../pages/driver-page"), "DriverPage"),
            admin,
          ),
          page(
            "/historyRoutes",
            lazyComponent(() => import("../pages/history-routes-page"), "HistoryRoutesPage"),
            admin,
          ),
          page(
            "/listRoutes",
            lazyComponent(() => import("../pages/list-routes-page"), "ListRoutesPage"),
            admin,
          ),
          page(
            "/Notifications",
            lazyComponent(() => import("../pages/notifications-page"), "NotificationsPage"),
            admin,
          ),
          page(
            "/profile",
            lazyComponent(() => import("../pages/profile-page"), "ProfilePage"),
            [auth],
          ),
          page(
            "/reportCollaborator",
            lazyComponent(() => import("../pages/report-collaborator-page"), "ReportCollaboratorPage"),
            admin,
          ),
          page(
            "/reportCut",
            lazyComponent(() => import("../pages/report-cut-page"), "ReportCutPage"),
            admin,
          ),
          page(
            "/reportDestinationDELETED",
            lazyComponent(() => import("../pages/report-destination-page"), "ReportDestinationPage"),
            admin,
          ),
          page(
            "/reportDriver",
            lazyComponent(() => import("../pages/report-driver-page"), "ReportDriverPage"),
            admin,
          ),
          page(
            "/reportRoute",
            lazyComponent(() => import("../pages/report-route-page"), "ReportRoutePage"),
            admin,
          ),
          page(
            "/route",
            lazyComponent(() => import("../pages/route-page"), "RoutePage"),
            admin,
          ),
          page(
            "/routeDestination",
            lazyComponent(() => import("../pages/route-destination-page"), "RouteDestinationPage"),
            admin,
          ),
          page(
            "/routeNotScheduled",
            lazyComponent(() => import("../pages/route-not-scheduled-page"), "RouteNotScheduledPage"),
            admin,
          ),
          page(
            "/supplier",
            lazyComponent(() => import("../pages/supplier-page"), "SupplierPage"),
            admin,
          ),
          page(
            "/users",
            lazyComponent(() => import("../pages/users-page"), "UsersPage"),
            admin,
          ),
        ],
      },
      {
        id: "public",
        lazy: lazyComponent(() => import("../layouts/default-layout"), "DefaultLayout"),
        errorElement: <RouteError />,
        children: [
          page(
            "/login",
            lazyComponent(() => import("../pages/login-page"), "LoginPage"),
            [guest],
          ),
          page(
            "/forgetPassword",
            lazyComponent(() => import("../pages/forget-password-page"), "ForgetPasswordPage"),
            [guest],
          ),
          page(
            "/changePassword",
            lazyComponent(() => import("../pages/change-password-page"), "ChangePasswordPage"),
            [signedIn],
          ),
          page(
            "/privacy-policy",
            lazyComponent(() => import("../pages/privacy-policy-page"), "PrivacyPolicyPage"),
          ),
          page(
            "/terms-and-conditions",
            lazyComponent(() => import("../pages/terms-and-conditions-page"), "TermsAndConditionsPage"),
          ),
          page(
            "*",
            lazyComponent(() => import("../pages/not-found-page"), "NotFoundPage"),
          ),
        ],
      },
    ],
  },
];
