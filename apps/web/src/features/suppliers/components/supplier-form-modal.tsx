import type { SupplierItem } from "@treiber/contract";
import {
  REQUIRED_MESSAGE,
  RNC_MESSAGE,
  RNC_PATTERN,
  TELEPHONE_MESSAGE,
  TELEPHONE_PATTERN,
} from "@treiber/contract";
import { Form, Input } from "antd";
import { useMemo } from "react";
import { FormModal } from "../../../shared/components/data-table";
import { NameField } from "../../../shared/forms/text-fields";
import { textLimit } from "../../../shared/forms/text-limit";
import { useCreateSupplier } from "../api/create-supplier";
import { useUpdateSupplier } from "../api/update-supplier";

interface SupplierFormValues {
  name: string;
  rnc?: string | null;
  contactName?: string | null;
  telephone: string;
  email?: string | null;
}

export interface SupplierFormModalProps {
  open: boolean;
  /** The supplier to edit; undefined to create. */
  supplier?: SupplierItem;
  onClose: () => void;
}

export function SupplierFormModal({ open, supplier, onClose }: SupplierFormModalProps) {
  const [form] = Form.useForm<SupplierFormValues>();
  const create = useCreateSupplier();
  const update = useUpdateSupplier();
  const initialValues = useMemo(
    () =>
      supplier && {
        name: supplier.name,
        rnc: supplier.rnc,
        contactName: supplier.contactName,
        telephone: supplier.telephone ?? "",
        email: supplier.email,
      },
    [supplier],
  );

  return (
    <FormModal<SupplierFormValues>
      open={open}
      title={supplier ? "Editar suplidor" : "Nuevo suplidor"}
      form={form}
      initialValues={initialValues}
      onClose={onClose}
      onSubmit={(values) => {
        const body = {
          ...values,
          rnc: values.rnc || null,
          contactName: values.contactName || null,
          email: values.email || null,
        };
        return supplier ? update.mutateAsync({ id: supplier.id, ...body }) : create.mutateAsync(body);
      }}
    >
      <NameField />
      <Form.Item label="RNC" name="rnc" rules={[{ pattern: RNC_PATTERN, message: RNC_MESSAGE }]}>
        <Input count={textLimit(11)} placeholder="9 u 11 dígitos" />
      </Form.Item>
      <Form.Item
        label="Persona de contacto"
        name="contactName"
        rules={[{ max: 120, message: "Máximo 120 caracteres" }]}
      >
        <Input count={textLimit(120)} />
      </Form.Item>
      <Form.Item
        label="Teléfono"
        name="telephone"
        rules={[
          { required: true, whitespace: true, message: REQUIRED_MESSAGE },
          { pattern: TELEPHONE_PATTERN, message: TELEPHONE_MESSAGE },
        ]}
      >
        <Input placeholder="(809) 555-1234" />
      </Form.Item>
      <Form.Item
        label="Correo electrónico"
        name="email"
        rules={[
          { type: "email", message: "Correo electrónico inválido" },
          { max: 254, message: "Máximo 254 caracteres" },
        ]}
      >
        <Input count={textLimit(254)} />
      </Form.Item>
    </FormModal>
  );
}
