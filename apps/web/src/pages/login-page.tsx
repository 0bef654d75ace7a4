import { AuthCard } from "../features/auth/components/auth-card";
import { LoginForm } from "../features/auth/components/login-form";

export function LoginPage() {
  return (
    <AuthCard title="Iniciar sesión" subtitle="Ingrese con su correo y contraseña">
      <LoginForm />
    </AuthCard>
  );
}
