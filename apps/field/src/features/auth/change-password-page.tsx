import { Screen } from "../../shared/ui/screen";

/** A user with a temporary password changes it in the back office first (same rule as there). */
export function ChangePasswordPage() {
  return (
    <Screen title="Cambiar contraseña">
      <div className="state">
        <p className="state-title">Debe cambiar su contraseña antes de continuar.</p>
        <a className="button button-primary" href="/changePassword">
          Cambiar contraseña
        </a>
      </div>
    </Screen>
  );
}
