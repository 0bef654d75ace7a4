import type { Role } from "@treiber/contract";
import { Navigate, Outlet } from "react-router";
import { ChangePasswordPage } from "../features/auth/change-password-page";
import { homePathFor } from "../features/auth/home-path";
import { useSession } from "../shared/session";

/** Signed-in users only; a temporary password is changed in the back office first. */
export function RequireSession() {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (session.mustChangePassword) return <ChangePasswordPage />;
  return <Outlet />;
}

/** Only `allowed`; anyone else goes to their own home. */
export function RequireRole(props: { allowed: Role }) {
  const session = useSession();
  if (!session) return <Navigate to="/login" replace />;
  if (!session.roles.includes(props.allowed)) return <Navigate to={homePathFor(session.roles)} replace />;
  return <Outlet />;
}

/** `/app/`: each user's home. */
export function HomeRedirect() {
  const session = useSession();
  return <Navigate to={session ? homePathFor(session.roles) : "/login"} replace />;
}
