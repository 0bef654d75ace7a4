import { passwordSchema, REQUIRED_MESSAGE } from "@treiber/contract";
import type { FormRule } from "antd";
import { zodRule } from "../../../shared/forms/zod-rule";

export const EMAIL_RULES: FormRule[] = [
  { required: true, message: REQUIRED_MESSAGE },
  { type: "email", message: "Correo electrónico inválido" },
];

/** passwordSchema already answers REQUIRED_MESSAGE for an empty value. */
export const NEW_PASSWORD_RULES: FormRule[] = [zodRule(passwordSchema)];

/** Confirmation must match the field `newPassword`. */
export function confirmPasswordRules(field = "newPassword"): FormRule[] {
  return [
    { required: true, message: REQUIRED_MESSAGE },
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        if (value && value !== getFieldValue(field)) throw new Error("Las contraseñas no coinciden");
      },
    }),
  ];
}
