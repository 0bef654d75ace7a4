import type { FormRule } from "antd";

interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** An antd Form rule validating with a contract zod schema (first Spanish message wins). */
export function zodRule(schema: SafeParser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Valor inválido");
    },
  };
}

/**
 * The rule of a number field (InputNumber without min, max or precision, which would silently
 * change what was typed: issue 13 item 8): the contract schema refuses a bad number with its
 * message on the field. An empty optional field passes; an empty required one gets the schema's
 * 'Este campo es requerido'.
 */
export function numberRule(schema: SafeParser, { optional = false }: { optional?: boolean } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (optional && isEmpty(value)) return;
      const result = schema.safeParse(isEmpty(value) ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Valor inválido");
    },
  };
}
