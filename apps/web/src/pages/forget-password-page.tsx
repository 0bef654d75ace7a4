import { AuthCard } from "../features/auth/components/auth-card";
import { ForgotPasswordForm } from "../features/auth/components/forgot-password-form";

export function ForgetPasswordPage() {
  return (
    <AuthCard title="Recuperar contraseña" subtitle="Le enviaremos un código de 8 dígitos a su correo">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
