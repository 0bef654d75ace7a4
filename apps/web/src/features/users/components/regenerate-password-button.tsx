import { getErrorMessage } from "@treiber/client";
import { App, Button, Popconfirm, Tooltip } from "antd";
import { useState } from "react";
import { TemporaryPasswordModal } from "../../../shared/components/temporary-password-modal";
import { showErrorMessage } from "../../../shared/feedback/feedback";
import { useRegeneratePassword } from "../api/regenerate-password";

export interface RegeneratePasswordButtonProps {
  userId: number;
  /** Name of the user, shown in the confirmation. */
  name: string;
  /** Why the session user may not regenerate this password: the button is disabled and says why. */
  disabledReason?: string;
}

export const PASSWORD_MAILED_MESSAGE = "Contraseña regenerada y enviada por correo al usuario";

/**
 * 'Regenerar contraseña' with confirmation. A SuperAdmin sees the new temporary password once;
 * for anyone else the server only mails it, and the button says so.
 */
export function RegeneratePasswordButton({ userId, name, disabledReason }: RegeneratePasswordButtonProps) {
  const { message } = App.useApp();
  const regenerate = useRegeneratePassword();
  const [password, setPassword] = useState<string | null>(null);
  if (disabledReason) {
    return (
      <Tooltip title={disabledReason}>
        <Button size="small" disabled aria-label={`Regenerar contraseña: ${disabledReason}`}>
          Regenerar contraseña
        </Button>
      </Tooltip>
    );
  }
  return (
    <>
      <Popconfirm
        title={`¿Regenerar la contraseña de "${name}"?`}
        description="Se generará una contraseña temporal."
        okText="Sí"
        cancelText="No"
        onConfirm={() =>
          regenerate.mutate(
            { userId },
            {
              onSuccess: (data) => {
                if (data.temporaryPassword) setPassword(data.temporaryPassword);
                else void message.success(PASSWORD_MAILED_MESSAGE);
              },
              onError: (error) => showErrorMessage(getErrorMessage(error)),
            },
          )
        }
      >
        <Button size="small" loading={regenerate.isPending}>
          Regenerar contraseña
        </Button>
      </Popconfirm>
      <TemporaryPasswordModal password={password} onClose={() => setPassword(null)} />
    </>
  );
}
