import { getErrorMessage, getFieldErrors } from "@treiber/client";
import { passwordSchema, REQUIRED_MESSAGE } from "@treiber/contract";
import { type FormEvent, useState } from "react";
import { Screen } from "../../shared/ui/screen";
import { changePassword } from "./change-password";

type Field = "currentPassword" | "newPassword" | "confirmPassword";
type Errors = Partial<Record<Field, string>>;

const MISMATCH = "Las contraseñas no coinciden";

/** The same checks as the back office's form: required, the password rules, the confirmation. */
function check(values: Record<Field, string>): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = REQUIRED_MESSAGE;
  const rules = passwordSchema.safeParse(values.newPassword);
  if (!rules.success) errors.newPassword = rules.error.issues[0]?.message ?? REQUIRED_MESSAGE;
  if (!values.confirmPassword) errors.confirmPassword = REQUIRED_MESSAGE;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = MISMATCH;
  return errors;
}

const LABELS: Record<Field, { label: string; autoComplete: string }> = {
  currentPassword: { label: "Contraseña actual", autoComplete: "current-password" },
  newPassword: { label: "Nueva contraseña", autoComplete: "new-password" },
  confirmPassword: { label: "Confirmar contraseña", autoComplete: "new-password" },
};

/**
 * A user with a temporary password changes it here, in Treiber App (issue 33: before, the back
 * office did it and kept the user there). Once changed, the session's flag clears and the guard
 * shows the screen the user was opening, in Treiber App.
 */
export function ChangePasswordPage() {
  const [values, setValues] = useState<Record<Field, string>>({
    currentPassword: "",
    newPassword: "",
    confirmPassword: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
    } catch (error) {
      const fields = getFieldErrors(error);
      setErrors({ currentPassword: fields.currentPassword, newPassword: fields.newPassword });
      if (!fields.currentPassword && !fields.newPassword) setFailure(getErrorMessage(error));
      setBusy(false);
    }
  };

  return (
    <Screen title="Cambiar contraseña">
      <form className="form change-password" onSubmit={submit} noValidate>
        <p>Por seguridad, debe cambiar su contraseña temporal antes de continuar.</p>
        {(Object.keys(LABELS) as Field[]).map((field) => (
          <div key={field} className="field">
            <label htmlFor={`change-${field}`}>{LABELS[field].label}</label>
            <input
              id={`change-${field}`}
              type="password"
              autoComplete={LABELS[field].autoComplete}
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${field}-error` : undefined}
            />
            {errors[field] ? (
              <span id={`${field}-error`} className="form-error">
                {errors[field]}
              </span>
            ) : null}
          </div>
        ))}
        {failure ? (
          <p className="form-error" role="alert">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Guardando…" : "Cambiar contraseña"}
        </button>
      </form>
    </Screen>
  );
}
