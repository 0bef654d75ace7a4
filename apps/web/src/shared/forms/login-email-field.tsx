import { emailSchema } from "@treiber/contract";
import { Form, Input } from "antd";
import { textLimit } from "./text-limit";
import { zodRule } from "./zod-rule";

/** Under the field of an edit form: what changing the sign-in e-mail does (issue 32). */
export const LOGIN_EMAIL_CHANGE_HINT =
  "Es el usuario para iniciar sesión: si lo cambia, se cierran todas sus sesiones y se avisa al correo anterior.";

/** 'Correo electrónico' (field `email`), the person's sign-in name; editing, with what a change does. */
export function LoginEmailField({ editing = false }: { editing?: boolean }) {
  return (
    <Form.Item
      label="Correo electrónico"
      name="email"
      required
      rules={[zodRule(emailSchema)]}
      extra={editing ? LOGIN_EMAIL_CHANGE_HINT : undefined}
    >
      <Input type="email" count={textLimit(254)} autoComplete="off" />
    </Form.Item>
  );
}
