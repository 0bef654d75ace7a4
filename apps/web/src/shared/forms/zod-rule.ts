import type { FormRule } from "antd";

interface SafeParser {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } };
}

/** An antd Form rule validating with a contract zod schema (first Spanish message wins). */
export function zodRule(schema: SafeParser): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? "");
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Valor inválido");
    },
  };
}
