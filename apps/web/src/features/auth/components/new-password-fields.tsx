import { Form, Input } from "antd";
import { confirmPasswordRules, NEW_PASSWORD_RULES } from "./password-rules";

/** 'Nueva contraseña' (the password rules) and 'Confirmar contraseña' (must match it). */
export function NewPasswordFields() {
  return (
    <>
      <Form.Item label="Nueva contraseña" name="newPassword" rules={NEW_PASSWORD_RULES}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label="Confirmar contraseña"
        name="confirmPassword"
        dependencies={["newPassword"]}
        rules={confirmPasswordRules()}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
