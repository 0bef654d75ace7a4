import { AuthCard } from "../features/auth/components/auth-card";
import { CompanySignInSection } from "../features/auth/components/company-sign-in-section";
import { LoginForm } from "../features/auth/components/login-form";

export function LoginPage() {
  return (
    <AuthCard title="Iniciar sesión" subtitle="Ingrese con su correo y contraseña">
      <CompanySignInSection />
      <LoginForm />
    </AuthCard>
  );
}
