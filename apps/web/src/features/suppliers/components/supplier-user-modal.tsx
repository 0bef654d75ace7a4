import { passwordSchema, type SupplierItem, supplierSignupRequestSchema } from "@treiber/contract";
import { Form, Input, Typography } from "antd";
import { useState } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { TemporaryPasswordModal } from "../../../shared/components/temporary-password-modal";
import { LoginEmailField } from "../../../shared/forms/login-email-field";
import { textLimit } from "../../../shared/forms/text-limit";
import { zodRule } from "../../../shared/forms/zod-rule";
import { useCreateSupplierUser } from "../api/create-supplier-user";

interface SupplierUserValues {
  email: string;
  name: string;
  lastname: string;
  password?: string;
}

const fields = supplierSignupRequestSchema.shape;
/** An empty password is left out: the server makes a temporary one, shown once. */
const optionalPassword = {
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!value) return;
    const result = passwordSchema.safeParse(value);
    if (!result.success) throw new Error(result.error.issues[0]?.message ?? "Contraseña inválida");
  },
};

export interface SupplierUserModalProps {
  /** The supplier to give a portal user; null closes the modal. */
  supplier: Pick<SupplierItem, "id" | "name"> | null;
  onClose: () => void;
}

/**
 * «Crear usuario del portal» (issue 37): a user of the supplier signs in to the supplier portal
 * (their drivers, trips, cuts, documents and disputes). Without a password the server makes a
 * temporary one, shown once, to change at the first sign-in.
 */
export function SupplierUserModal({ supplier, onClose }: SupplierUserModalProps) {
  const [form] = Form.useForm<SupplierUserValues>();
  const create = useCreateSupplierUser();
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);

  async function submit(values: SupplierUserValues) {
    if (!supplier) return;
    const created = await create.mutateAsync({
      email: values.email,
      name: values.name,
      lastname: values.lastname,
      supplierId: supplier.id,
      ...(values.password && { password: values.password }),
    });
    if (created.temporaryPassword) setTemporaryPassword(created.temporaryPassword);
  }

  return (
    <>
      <FormModal<SupplierUserValues>
        open={supplier !== null}
        title="Crear usuario del portal"
        form={form}
        onClose={onClose}
        onSubmit={submit}
      >
        <Typography.Paragraph type="secondary">
          {`Usuario de ${supplier?.name ?? "el suplidor"}: verá sus choferes, viajes, cortes, documentos y disputas.`}
        </Typography.Paragraph>
        <LoginEmailField />
        <Form.Item label="Nombre" name="name" required rules={[zodRule(fields.name)]}>
          <Input count={textLimit(80)} />
        </Form.Item>
        <Form.Item label="Apellido" name="lastname" required rules={[zodRule(fields.lastname)]}>
          <Input count={textLimit(80)} />
        </Form.Item>
        <Form.Item
          label="Contraseña (opcional)"
          name="password"
          rules={[optionalPassword]}
          extra="Si la deja vacía, se genera una contraseña temporal que deberá cambiar al entrar."
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </FormModal>
      <TemporaryPasswordModal
        title="Usuario del portal creado"
        password={temporaryPassword}
        onClose={() => setTemporaryPassword(null)}
      />
    </>
  );
}
