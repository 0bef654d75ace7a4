import { getErrorMessage } from "@treiber/client";
import { Button, Popconfirm } from "antd";
import { useState } from "react";
import { showErrorMessage } from "../../../shared/feedback/feedback";
import { useRegeneratePassword } from "../api/regenerate-password";
import { TemporaryPasswordModal } from "./temporary-password-modal";

export interface RegeneratePasswordButtonProps {
  userId: number;
  /** Name of the user, shown in the confirmation. */
  name: string;
}

/** 'Regenerar contraseña' with confirmation; the new temporary password is shown once. */
export function RegeneratePasswordButton({ userId, name }: RegeneratePasswordButtonProps) {
  const regenerate = useRegeneratePassword();
  const [password, setPassword] = useState<string | null>(null);
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
              onSuccess: (data) => setPassword(data.temporaryPassword),
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
