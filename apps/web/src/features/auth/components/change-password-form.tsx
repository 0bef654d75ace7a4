import { getErrorMessage } from "@treiber/client";
import { REQUIRED_MESSAGE } from "@treiber/contract";
import { Alert, App, Button, Form, Input } from "antd";
import { useNavigate } from "react-router";
import { landingPath } from "../../../shared/guards/guards";
import { getSession, updateSession } from "../../../shared/session/session-store";
import { useChangePassword } from "../api/change-password";
import { NewPasswordFields } from "./new-password-fields";

interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export function ChangePasswordForm() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mutation = useChangePassword();

  const onFinish = ({ currentPassword, newPassword }: ChangePasswordValues) =>
    mutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          updateSession({ mustChangePassword: false });
          void message.success("Contraseña actualizada correctamente");
          const session = getSession();
          void navigate(session ? landingPath(session) : "/login", { replace: true });
        },
      },
    );

  return (
    <Form<ChangePasswordValues>
      layout="vertical"
      requiredMark={false}
      disabled={mutation.isPending}
      onFinish={onFinish}
    >
      {mutation.isError ? (
        <Alert type="error" showIcon title={getErrorMessage(mutation.error)} style={{ marginBottom: 16 }} />
      ) : null}
      <Form.Item
        label="Contraseña actual"
        name="currentPassword"
        rules={[{ required: true, message: REQUIRED_MESSAGE }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields />
      <Button type="primary" htmlType="submit" block loading={mutation.isPending}>
        Cambiar contraseña
      </Button>
    </Form>
  );
}
