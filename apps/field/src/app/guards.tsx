import type { Role } from "@treiber/contract";
import { lazy, Suspense } from "react";
import { Navigate, Outlet } from "react-router";
import { homePathFor } from "../features/auth/home-path";
import { useSession } from "../shared/session";
import { Loading } from "../shared/ui/states";

// Few users ever see it: loaded on demand, the first screen stays small.
const ChangePasswordPage = lazy(() =>
  import("../features/auth/change-password-page").then((m) => ({ default: m.ChangePasswordPage })),
);

/**
 * Signed-in users only; a temporary password is changed first, here in Treiber App (issue 33), and
 * then the screen asked for opens.
 */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (session.mustChangePassword) {
    return (
      <Suspense fallback={<Loading />}>
        <ChangePasswordPage />
      </Suspense>
    );
  }
  return <Outlet />;
}

/** Only `allowed` (one role, or any of several); anyone else goes to their own home. */
export function RequireRole(props: { allowed: Role | readonly Role[] }) {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  const allowed: readonly Role[] = typeof props.allowed === "string" ? [props.allowed] : props.allowed;
  if (!session.roles.some((role) => allowed.includes(role))) {
    return <Navigate to={homePathFor(session.roles)} replace />;
  }
  return <Outlet />;
}

/** `/app/`: each user's home. */
export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={session ? homePathFor(session.roles) : "/login"} replace />;
}
