import { getErrorMessage } from "@treiber/client";
import { REQUIRED_MESSAGE, RESET_CODE_LENGTH } from "@treiber/contract";
import { Alert, App, Button, Form, Input } from "antd";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useChangePasswordForget } from "../api/change-password-forget";
import { useForgetPassword } from "../api/forget-password";
import { NewPasswordFields } from "./new-password-fields";
import { EMAIL_RULES } from "./password-rules";

export const CODE_SENT_MESSAGE = "Si el correo existe, le enviamos un código";

interface ResetValues {
  code: string;
  newPassword: string;
  confirmPassword: string;
}

const CODE_PATTERN = new RegExp(`^\\s*\\d{${RESET_CODE_LENGTH}}\\s*$`);

/** Step 1 asks for the e-mail; step 2 takes the mailed code (8 digits) and the new password. */
export function ForgotPasswordForm() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const requestCode = useForgetPassword();
  const reset = useChangePasswordForget();

  if (email === null) {
    return (
      <Form<{ email: string }>
        layout="vertical"
        requiredMark={false}
        disabled={requestCode.isPending}
        onFinish={({ email: value }) => {
          const normalized = value.trim().toLowerCase();
          requestCode.mutate(normalized, { onSuccess: () => setEmail(normalized) });
        }}
      >
        {requestCode.isError ? (
          <Alert
            type="error"
            showIcon
            title={getErrorMessage(requestCode.error)}
            style={{ marginBottom: 16 }}
          />
        ) : null}
        <Form.Item label="Correo electrónico" name="email" rules={EMAIL_RULES}>
          <Input autoComplete="email" placeholder="correo@empresa.com" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={requestCode.isPending}>
          Enviar código
        </Button>
        <div style={{ textAlign: "center", marginTop: 12 }}>
          <Link to="/login">Volver a iniciar sesión</Link>
        </div>
      </Form>
    );
  }

  return (
    <Form<ResetValues>
      layout="vertical"
      requiredMark={false}
      disabled={reset.isPending}
      onFinish={({ code, newPassword }) =>
        reset.mutate(
          { email, code: code.trim(), newPassword },
          {
            onSuccess: () => {
              void message.success("Contraseña actualizada. Ya puede iniciar sesión.");
              void navigate("/login", { replace: true });
            },
          },
        )
      }
    >
      <Alert
        type="success"
        showIcon
        title={CODE_SENT_MESSAGE}
        style={{ marginBottom: 16 }}
        data-testid="code-sent"
      />
      {reset.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(reset.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Código"
        name="code"
        rules={[
          { required: true, message: REQUIRED_MESSAGE },
          { pattern: CODE_PATTERN, message: `El código debe tener ${RESET_CODE_LENGTH} dígitos` },
        ]}
      >
        <Input
          inputMode="numeric"
          maxLength={RESET_CODE_LENGTH}
          autoComplete="one-time-code"
          placeholder={"0".repeat(RESET_CODE_LENGTH)}
        />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        Cambiar contraseña
      </Button>
      <div style={{ textAlign: "center", marginTop: 12 }}>
        <Button type="link" onClick={() => setEmail(null)}>
          Usar otro correo
        </Button>
      </div>
    </Form>
  );
}
