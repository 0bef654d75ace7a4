import { LockOutlined, MailOutlined } from "@ant-design/icons";
import { getErrorMessage } from "@treiber/client";
import { REQUIRED_MESSAGE, type SignInRequest } from "@treiber/contract";
import { Alert, Button, Form, Input } from "antd";
import { Link, useNavigate } from "react-router";
import { landingPath } from "../../../shared/guards/guards";
import { signIn } from "../../../shared/session/session-store";
import { useSignIn } from "../api/sign-in";
import { EMAIL_RULES } from "./password-rules";

export function LoginForm() {
  const navigate = useNavigate();
  const signInMutation = useSignIn();

  const onFinish = async (values: SignInRequest) => {
    const response = await signInMutation.mutateAsync({
      email: values.email.trim(),
      password: values.password,
    });
    const session = signIn(response);
    await navigate(landingPath(session), { replace: true });
  };

  return (
    <Form<SignInRequest>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => onFinish(values).catch(() => undefined)}
      disabled={signInMutation.isPending}
    >
      {signInMutation.isError ? (
        <Alert
          type="error"
          showIcon
          title={getErrorMessage(signInMutation.error)}
          style={{ marginBottom: 16 }}
          data-testid="login-error"
        />
      ) : null}
      <Form.Item label="Correo electrónico" name="email" rules={EMAIL_RULES}>
        <Input prefix={<MailOutlined />} autoComplete="username" placeholder="correo@empresa.com" />
      </Form.Item>
      <Form.Item label="Contraseña" name="password" rules={[{ required: true, message: REQUIRED_MESSAGE }]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="Contraseña" />
      </Form.Item>
      <Form.Item style={{ marginBottom: 12 }}>
        <Button type="primary" htmlType="submit" block loading={signInMutation.isPending}>
          Iniciar sesión
        </Button>
      </Form.Item>
      <div style={{ textAlign: "center" }}>
        <Link to="/forgetPassword">¿Olvidó su contraseña?</Link>
      </div>
    </Form>
  );
}
