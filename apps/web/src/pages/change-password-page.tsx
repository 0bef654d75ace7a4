import { Button } from "antd";
import { Link } from "react-router";
import { AuthCard } from "../features/auth/components/auth-card";
import { ChangePasswordForm } from "../features/auth/components/change-password-form";
import { useLogout } from "../features/auth/hooks/use-logout";
import { landingPath } from "../shared/guards/guards";
import { useSession } from "../shared/session/use-session";

export function ChangePasswordPage() {
  const session = useSession();
  const logout = useLogout();
  const subtitle = session?.mustChangePassword
    ? "Por seguridad, debe cambiar su contraseña antes de continuar"
    : "Ingrese su contraseña actual y la nueva contraseña";
  return (
    <AuthCard title="Cambiar contraseña" subtitle={subtitle}>
      <ChangePasswordForm />
      <div style={{ textAlign: "center", marginTop: 12 }}>
        {session && !session.mustChangePassword ? <Link to={landingPath(session)}>Volver</Link> : null}
        <Button type="link" onClick={logout}>
          Cerrar sesión
        </Button>
      </div>
    </AuthCard>
  );
}
